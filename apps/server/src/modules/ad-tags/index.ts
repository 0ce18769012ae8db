/** Ad tags: the service types (the back office's tags, and "Try it"). */
export type { AdTagsService } from './ad-tags.service';
export type { TagTrialRunner } from './tag-trial';
