/** Tracking: the trackers' service, their signed links, the stats buffer, and the demo stats. */

export { followableUrl, ruleExitUrl } from './exit-url';
export { seedStats } from './stats.seed';
export type { StatsBuffer } from './stats-buffer';
export type { TrackingService } from './tracking.service';
export type { TrackedView, TrackingLinks } from './tracking-links';
