/** Serving ad tags: the service's type, and what a tag is pasted as (its serve URL and snippets). */
export type { AdServing } from './ad-serving';
export { tagCode } from './snippets';
