/** Serving ad tags: the service's type, and the snippets a tag's creation answers with. */
export type { AdServing } from './ad-serving';
export { servePath, tagSnippets } from './snippets';
