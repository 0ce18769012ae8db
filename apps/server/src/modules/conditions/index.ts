/**
 * What other areas use of conditions: the service's type, the rewrite of which conditions a
 * profile's rules name (a sync's swap and the seeds run it in their transaction), the live
 * conditions' names on a given executor (the demo feeds' sync runs in the seed's transaction), and
 * the demo conditions the demo feeds name.
 */
export { rewriteConditionUses } from './condition-uses';
export { liveConditionNames } from './conditions.repository';
export { DEMO_CONDITIONS, seedConditions } from './conditions.seed';
export type { ConditionsService } from './conditions.service';
