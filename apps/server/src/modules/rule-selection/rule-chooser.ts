import { evaluationContext, type RuleFilter, type SimulationContext } from '@adstudio/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import { type DataSourceValues, placeholdersOf } from '../data-sources';
import type { ProfileRuleRow } from '../profiles';
import { type ChosenRule, chooseRule, type FeedReads, ruleFilterOf } from './choose-rule';

export const NO_FEED = 'The creative is not driven by a profile: choose one on its Details tab.';

/** What choosing a creative's rule reads, each asked of the area that owns it. */
export interface RuleChooserDeps extends FeedReads {
  /** The company's live creative: its feed and rule filter. */
  creative(
    companyId: number,
    id: number,
  ): Promise<{ profile_id: number | null; rule_filter: string | null } | undefined>;
  profileExists(companyId: number, id: number): Promise<boolean>;
  servedFallbacks(
    profileId: number,
    filter: RuleFilter | null,
  ): Promise<{ fallback?: ProfileRuleRow; firstActive?: ProfileRuleRow }>;
  /** Data sources' cached values, their URLs filled from the viewer's context (never fetched while waiting). */
  values: DataSourceValues['valuesFor'];
}

/**
 * Chooses the rule a creative shows in a context, from its feed's served rules, with the company's
 * conditions and its data sources' cached values (the creative simulator, and the token pages').
 */
export function createRuleChooser(deps: RuleChooserDeps) {
  return async (companyId: number, creativeId: number, context: SimulationContext): Promise<ChosenRule> => {
    const creative = await deps.creative(companyId, creativeId);
    if (!creative) throw notFound();
    if (creative.profile_id === null || !(await deps.profileExists(companyId, creative.profile_id)))
      throw unprocessable({}, NO_FEED);
    const profileId = creative.profile_id;
    const filter = ruleFilterOf(creative.rule_filter);
    return chooseRule(
      {
        servedRules: (after, limit) => deps.servedRules(profileId, filter, after, limit),
        servedFallbacks: () => deps.servedFallbacks(profileId, filter),
        conditions: (ids) => deps.conditions(companyId, ids),
        values: (ids) => deps.values(companyId, ids, placeholdersOf(evaluationContext(context, {}))),
      },
      context,
    );
  };
}
export type RuleChooser = ReturnType<typeof createRuleChooser>;
