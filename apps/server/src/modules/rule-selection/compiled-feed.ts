import { type CompiledRuleSet, compileRuleSet, type SelectableRule } from '@adstudio/contract';
import { type FeedReads, ruleFilterOf, selectable } from './choose-rule';

/** Rules read per query while compiling. */
const PAGE = 5000;
/**
 * The most rules a feed compiled for serving holds; a larger one is served by reading the feed as
 * the simulator does (docs/decisions/0091: compiled sets are memory, and Studio's 700,000-row feeds
 * would hold hundreds of MB each).
 */
export const COMPILED_RULES_MAX = 100_000;

/** A creative's feed as serving decides on it: the compiled rules, their content and what they depend on. */
export interface CompiledFeed {
  profileId: number;
  profileName: string;
  rules: CompiledRuleSet;
  /** Each served rule's content (the stored JSON text), by id. */
  content: ReadonlyMap<number, string>;
  conditionIds: readonly number[];
}

export interface CompileFeedDeps extends FeedReads {
  /** The company's live profile's name; undefined when it is gone. */
  profileName(companyId: number, id: number): Promise<string | undefined>;
}

/**
 * Compiles the rules a creative serves (its feed's live rules through its rule filter) with the
 * company's conditions they name. Answers `none` without a live feed, `too_large` past
 * COMPILED_RULES_MAX rules.
 */
export async function compileFeed(
  deps: CompileFeedDeps,
  companyId: number,
  creative: { profile_id: number | null; rule_filter: string | null },
): Promise<CompiledFeed | 'none' | 'too_large'> {
  if (creative.profile_id === null) return 'none';
  const profileId = creative.profile_id;
  const profileName = await deps.profileName(companyId, profileId);
  if (profileName === undefined) return 'none';
  const filter = ruleFilterOf(creative.rule_filter);
  const rules: SelectableRule[] = [];
  const content = new Map<number, string>();
  let after = -1;
  for (;;) {
    const rows = await deps.servedRules(profileId, filter, after, PAGE);
    for (const row of rows) {
      rules.push(selectable(row));
      content.set(row.id, row.data);
    }
    if (rules.length > COMPILED_RULES_MAX) return 'too_large';
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.position;
  }
  const conditionIds = [...new Set(rules.flatMap((rule) => rule.condition_ids))];
  const conditions = conditionIds.length > 0 ? await deps.conditions(companyId, conditionIds) : new Map();
  const compiled = compileRuleSet(rules, conditions);
  const choosable = new Map(compiled.choosable.map((id) => [id, content.get(id)!]));
  return { profileId, profileName, rules: compiled, content: choosable, conditionIds };
}
