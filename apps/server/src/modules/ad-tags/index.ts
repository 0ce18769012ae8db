/** Ad tags: the service types (the back office's tags, and their serving). */
export type { AdServing } from './ad-serving';
export type { AdTagsService } from './ad-tags.service';
export type { TagTrialRunner } from './tag-trial';
