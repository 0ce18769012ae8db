/**
 * What other areas use of profiles: the service's type, the rows of a feed's rules and whether a
 * creative's rule filter serves one (rule selection, renders), and the demo seeds.
 */
export type { ProfileRuleRow } from './profile-rules.repository';
export { servesRule } from './profile-rules.service';
export { seedDemoFeeds, seedProfiles, seedServedRuleIds } from './profiles.seed';
export type { ProfilesService } from './profiles.service';
export type { RevisionStamp } from './rule-revisions';
