import {
  type CompiledRuleSet,
  compileRuleSet,
  type RuleFilter,
  type SelectableRule,
} from '@adstudio/contract';
import { parseJson } from '../../lib/json';
import type { ProfileRuleRow } from '../profiles';
import { type FeedReads, ruleFilterOf, selectable } from './choose-rule';
import { weightOf } from './rotation';

/** Rules read per query while compiling. */
const PAGE = 5000;
/**
 * The most rules a feed compiled for serving holds; a larger one is served by reading the feed as
 * the simulator does. A compiled set holds each rule's place and conditions, not its content (read
 * on first use), so the industry's largest feeds, 700,000 rows × 100 columns, compile
 * (docs/decisions/0091, 0142).
 */
export const COMPILED_RULES_MAX = 1_000_000;

/** A creative's feed as serving decides on it: the compiled rules, their content and what they depend on. */
export interface CompiledFeed {
  profileId: number;
  profileName: string;
  rules: CompiledRuleSet;
  /**
   * A rule's content (the stored JSON text; undefined when it is gone): held, or for a feed past
   * CONTENT_HELD_MAX, read when asked.
   */
  content(ruleId: number): string | undefined | Promise<string | undefined>;
  /** Each rule's weight for `weighted` rotation, read from its column while compiling (when asked). */
  weights?: ReadonlyMap<number, number>;
  conditionIds: readonly number[];
}

export interface CompileFeedDeps extends FeedReads {
  /** The company's live profile's name; undefined when it is gone. */
  profileName(companyId: number, id: number): Promise<string | undefined>;
  /** `servedRules` without the content: the pages read once no more content is held. */
  servedShapes(
    profileId: number,
    filter: RuleFilter | null,
    afterPosition: number,
    limit: number,
  ): Promise<Omit<ProfileRuleRow, 'data'>[]>;
  /** These rules' content (the stored JSON text), by id. */
  ruleData(profileId: number, ids: readonly number[]): Promise<{ id: number; data: string }[]>;
  /**
   * Content (the rules' JSON text, in UTF-16 code units) a compiled set holds (SERVE_CONTENT_HELD_MB):
   * a feed up to it serves every rule with no statement once compiled; a larger one reads a rule's
   * content when it is first served (a 700,000 × 100 feed is ~1 GB of it).
   */
  contentHeldMax: number;
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
  /** The column `weighted` rotation reads (matched ignoring case); none for other rotations. */
  weightColumn?: string,
): Promise<CompiledFeed | 'none' | 'too_large'> {
  if (creative.profile_id === null) return 'none';
  const profileId = creative.profile_id;
  const profileName = await deps.profileName(companyId, profileId);
  if (profileName === undefined) return 'none';
  const filter = ruleFilterOf(creative.rule_filter);
  const rules: SelectableRule[] = [];
  const weights = weightColumn === undefined ? undefined : new Map<number, number>();
  let held: Map<number, string> | undefined = deps.contentHeldMax > 0 ? new Map() : undefined;
  let heldSize = 0;
  let after = -1;
  for (;;) {
    // Once no content is held (and no weight read), the pages leave it out: a 700,000 × 100 feed
    // would otherwise pass ~2 GB of it through memory to keep none.
    const rows: (Omit<ProfileRuleRow, 'data'> & { data?: string })[] =
      held || weights
        ? await deps.servedRules(profileId, filter, after, PAGE)
        : await deps.servedShapes(profileId, filter, after, PAGE);
    for (const row of rows) {
      rules.push(selectable(row));
      if (held && row.data !== undefined) {
        held.set(row.id, row.data);
        heldSize += row.data.length;
        if (heldSize > deps.contentHeldMax) held = undefined;
      }
      if (weights && row.data !== undefined) {
        const weight = weightIn(parseJson<Record<string, unknown>>(row.data, {}), weightColumn!);
        if (weight !== undefined) weights.set(row.id, weight);
      }
    }
    if (rules.length > COMPILED_RULES_MAX) return 'too_large';
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.position;
  }
  const conditionIds = [...new Set(rules.flatMap((rule) => rule.condition_ids))];
  const conditions = conditionIds.length > 0 ? await deps.conditions(companyId, conditionIds) : new Map();
  const compiled = compileRuleSet(rules, conditions);
  // Only the rules it can choose need their content.
  const choosable = held && new Map(compiled.choosable.map((id) => [id, held.get(id)!]));
  return {
    profileId,
    profileName,
    rules: compiled,
    content: choosable
      ? (ruleId) => choosable.get(ruleId)
      : (ruleId) => deps.ruleData(profileId, [ruleId]).then((found) => found[0]?.data),
    ...(weights ? { weights } : {}),
    conditionIds,
  };
}

/** A row's weight in `column`, matched ignoring case when no column has that exact name. */
function weightIn(row: Record<string, unknown>, column: string): number | undefined {
  const key =
    column in row ? column : Object.keys(row).find((name) => name.toLowerCase() === column.toLowerCase());
  return key === undefined ? undefined : weightOf(row[key]);
}
