/**
 * What other areas use of rule selection: the rule chooser (the token pages' simulator), a
 * creative's feed compiled for serving, and how a creative's stored rule filter reads.
 */
export { type ChosenRule, hasConditions, ruleFilterOf } from './choose-rule';
export { type CompiledFeed, type CompileFeedDeps, compileFeed, patchFeed } from './compiled-feed';
export {
  type RotationPlan,
  type RuleFigures,
  rotate,
  rotationShares,
  weightOf,
} from './rotation';
export type { RuleChooser } from './rule-chooser';
export { simulationResult } from './simulation-result';
