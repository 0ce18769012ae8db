/**
 * What other areas use of rule selection: the rule chooser (the token pages' simulator) and how a
 * creative's stored rule filter reads.
 */
export { type ChosenRule, ruleFilterOf } from './choose-rule';
export type { RuleChooser } from './rule-chooser';
