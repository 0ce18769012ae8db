import {
  type CompiledRuleSet,
  compileRuleSet,
  type NamedCondition,
  type RuleFilter,
  type SelectableRule,
} from '@adstudio/contract';
import { parseJson } from '../../lib/json';
import type { ProfileRuleRow, RevisionStamp } from '../profiles';
import { type FeedReads, ruleFilterOf } from './choose-rule';
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
/**
 * The most rules a compiled feed's patch reads (`patchFeed`): more changed since it was compiled
 * (a re-sync that moved the feed) and it is compiled anew (docs/decisions/0145).
 */
export const PATCHED_RULES_MAX = 5000;

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
  /** What `patchFeed` starts from. */
  basis: FeedBasis;
}

/** A rule as a compiled feed keeps it: its place, dates and conditions (a rule list shared by many). */
type PlacedRule = SelectableRule & { position: number };

/** What a compiled feed was compiled from, for `patchFeed` to bring it up to date. */
interface FeedBasis {
  /** The creative's rule filter (as stored) and weight column it was compiled for. */
  ruleFilter: string | null;
  weightColumn: string | undefined;
  /** The served rules, in feed order. */
  rules: readonly PlacedRule[];
  conditions: ReadonlyMap<number, NamedCondition>;
  /** Where the rules stood when they were read: a patch reads the rules written since. */
  stamp: RevisionStamp;
  /** Each condition list (as stored) once: rules share them, and the compile judges each list once. */
  lists: Map<string, readonly number[]>;
  /** Every served rule's content, while the feed is within SERVE_CONTENT_HELD_MB. */
  held: ReadonlyMap<number, string> | undefined;
}

/** A rule as compiling reads it: neither its content nor its revision. */
type RuleShape = Omit<ProfileRuleRow, 'data' | 'revision'>;

/** A rule the patch read: its shape, whether it is served now, and its content when asked. */
type ChangedRule = RuleShape & { served: number; data?: string };

export interface CompileFeedDeps extends FeedReads {
  /** The company's live profile's name; undefined when it is gone. */
  profileName(companyId: number, id: number): Promise<string | undefined>;
  /** `servedRules` without the content: the pages read once no more content is held. */
  servedShapes(
    profileId: number,
    filter: RuleFilter | null,
    afterPosition: number,
    limit: number,
  ): Promise<RuleShape[]>;
  /** These rules' content (the stored JSON text), by id. */
  ruleData(profileId: number, ids: readonly number[]): Promise<{ id: number; data: string }[]>;
  /** Where the feed's rules stand now (undefined without the profile). */
  revisionStamp(profileId: number): Promise<RevisionStamp | undefined>;
  /** The profile's rules written in a revision `since` did not see, at most `limit`, served or not. */
  changedSince(
    profileId: number,
    filter: RuleFilter | null,
    since: RevisionStamp,
    limit: number,
    withData: boolean,
  ): Promise<ChangedRule[]>;
  /** PATCHED_RULES_MAX unless given (tests). */
  patchedRulesMax?: number;
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
  const [profileName, stamp] = await Promise.all([
    deps.profileName(companyId, profileId),
    deps.revisionStamp(profileId),
  ]);
  if (profileName === undefined || stamp === undefined) return 'none';
  const filter = ruleFilterOf(creative.rule_filter);
  const lists = new Map<string, readonly number[]>();
  const rules: PlacedRule[] = [];
  const weights = weightColumn === undefined ? undefined : new Map<number, number>();
  let held: Map<number, string> | undefined = deps.contentHeldMax > 0 ? new Map() : undefined;
  let heldSize = 0;
  let after = -1;
  for (;;) {
    // Once no content is held (and no weight read), the pages leave it out: a 700,000 × 100 feed
    // would otherwise pass ~2 GB of it through memory to keep none.
    const rows: (RuleShape & { data?: string })[] =
      held || weights
        ? await deps.servedRules(profileId, filter, after, PAGE)
        : await deps.servedShapes(profileId, filter, after, PAGE);
    for (const row of rows) {
      rules.push(placed(row, lists));
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
  const conditionIds = conditionIdsOf(lists);
  const conditions = conditionIds.length > 0 ? await deps.conditions(companyId, conditionIds) : new Map();
  return feedOf(deps, {
    profileId,
    profileName,
    rules: compileRuleSet(rules, conditions),
    weights,
    conditionIds,
    basis: { ruleFilter: creative.rule_filter, weightColumn, rules, conditions, stamp, lists, held },
  });
}

/**
 * The feed `previous` brought up to date with the rules written since it was compiled, without
 * reading the others (issue 47: a 700,000-rule feed compiles in seconds): changed rules replace
 * theirs, rules no longer served (ended, deactivated out of the filter) leave, new ones take their
 * place; the rules are compiled again from memory only when a rule's place, dates, activity or
 * conditions changed (or a condition did), and a content edit only replaces the rule's content.
 * Answers the feed and the rules whose content changed; `none` without the feed; undefined when it
 * must be compiled anew: another feed, filter or weight column, rules deleted, or more than
 * PATCHED_RULES_MAX rules written (a re-sync).
 */
export async function patchFeed(
  deps: CompileFeedDeps,
  previous: CompiledFeed,
  companyId: number,
  creative: { profile_id: number | null; rule_filter: string | null },
  weightColumn: string | undefined,
  /** Whether a condition the feed names changed. */
  conditionsChanged: boolean,
): Promise<{ feed: CompiledFeed; changed: readonly number[] } | 'none' | undefined> {
  const basis = previous.basis;
  const profileId = previous.profileId;
  if (
    creative.profile_id !== profileId ||
    creative.rule_filter !== basis.ruleFilter ||
    weightColumn !== basis.weightColumn
  )
    return undefined;
  const [profileName, stamp] = await Promise.all([
    deps.profileName(companyId, profileId),
    deps.revisionStamp(profileId),
  ]);
  if (profileName === undefined || stamp === undefined) return 'none';
  if (stamp.deleted !== basis.stamp.deleted) return undefined;
  const max = deps.patchedRulesMax ?? PATCHED_RULES_MAX;
  const withData = basis.held !== undefined || previous.weights !== undefined;
  const rows = await deps.changedSince(
    profileId,
    ruleFilterOf(creative.rule_filter),
    basis.stamp,
    max + 1,
    withData,
  );
  if (rows.length > max) return undefined;

  const written = new Map(rows.map((row) => [row.id, row]));
  const lists = basis.lists;
  let rules = basis.rules;
  /** Whether the rules compile otherwise: a rule's shape changed, or one came or left. */
  let reshaped = false;
  let moved = false;
  if (written.size > 0) {
    // The rules written, found in one pass that allocates nothing: a content edit of a 700,000-rule
    // feed leaves its rules as they were, and the set is not compiled again.
    const found: number[] = [];
    for (let i = 0; i < rules.length; i++) if (written.has(rules[i]!.id)) found.push(i);
    const replaced = new Map<number, PlacedRule | undefined>();
    for (const i of found) {
      const rule = rules[i]!;
      const row = written.get(rule.id)!;
      written.delete(rule.id);
      const now = row.served === 1 ? placed(row, lists) : undefined;
      if (now && sameShape(rule, now)) continue;
      reshaped = true;
      moved ||= now !== undefined && now.position !== rule.position;
      replaced.set(i, now);
    }
    // Rules not served before: added, revived, or let in by the filter.
    const added = [...written.values()].filter((row) => row.served === 1).map((row) => placed(row, lists));
    if (reshaped || added.length > 0) {
      reshaped = true;
      const next: PlacedRule[] = [];
      for (let i = 0; i < rules.length; i++) {
        if (!replaced.has(i)) next.push(rules[i]!);
        else {
          const now = replaced.get(i);
          if (now) next.push(now);
        }
      }
      for (const now of added) {
        moved ||= next.length > 0 && now.position <= next.at(-1)!.position;
        next.push(now);
      }
      if (moved) next.sort((a, b) => a.position - b.position || a.id - b.id);
      rules = next;
    }
  }
  let conditions = basis.conditions;
  let conditionIds = previous.conditionIds;
  if (reshaped || conditionsChanged) {
    conditionIds = conditionIdsOf(lists, rules);
    if (conditionsChanged || conditionIds.some((id) => !conditions.has(id)))
      conditions = conditionIds.length > 0 ? await deps.conditions(companyId, conditionIds) : new Map();
  }
  const changed = rows.map((row) => row.id);
  let weights = previous.weights;
  if (weights && rows.length > 0) {
    const updated = new Map(weights);
    for (const row of rows) {
      updated.delete(row.id);
      const weight =
        row.served === 1 && row.data !== undefined
          ? weightIn(parseJson<Record<string, unknown>>(row.data, {}), weightColumn!)
          : undefined;
      if (weight !== undefined) updated.set(row.id, weight);
    }
    weights = updated;
  }
  let held = basis.held;
  if (held && rows.length > 0) {
    const updated = new Map(held);
    for (const row of rows)
      if (row.served === 1 && row.data !== undefined) updated.set(row.id, row.data);
      else updated.delete(row.id);
    held = updated;
  }
  const feed = feedOf(deps, {
    profileId,
    profileName,
    rules: reshaped || conditions !== basis.conditions ? compileRuleSet(rules, conditions) : previous.rules,
    weights,
    conditionIds,
    basis: { ...basis, rules, conditions, stamp, held },
  });
  return { feed, changed };
}

/** A compiled feed of its parts: its content held, or read by id when first served. */
function feedOf(
  deps: Pick<CompileFeedDeps, 'ruleData'>,
  parts: Omit<CompiledFeed, 'content' | 'weights'> & { weights: ReadonlyMap<number, number> | undefined },
): CompiledFeed {
  const { weights, ...rest } = parts;
  const held = parts.basis.held;
  const profileId = parts.profileId;
  return {
    ...rest,
    content: held
      ? (ruleId) => held.get(ruleId)
      : (ruleId) => deps.ruleData(profileId, [ruleId]).then((found) => found[0]?.data),
    ...(weights ? { weights } : {}),
  };
}

/**
 * A rule's shape as a compiled feed keeps it; its condition list shared with the rules of the same
 * list (`lists`), and neither its Unique_ID nor its label, which no decision reads.
 */
function placed(row: RuleShape, lists: Map<string, readonly number[]>): PlacedRule {
  let conditionIds = lists.get(row.condition_ids);
  if (conditionIds === undefined) {
    conditionIds = parseJson<number[]>(row.condition_ids, []);
    lists.set(row.condition_ids, conditionIds);
  }
  return {
    id: row.id,
    position: row.position,
    unique_id: '',
    reporting_label: '',
    is_default: row.is_default === 1,
    active: row.active === 1,
    start: row.start_date,
    end: row.end_date,
    condition_ids: conditionIds as number[],
  };
}

/** Whether a rule compiles as before: the same place, activity, default, dates and conditions. */
const sameShape = (a: PlacedRule, b: PlacedRule) =>
  a.position === b.position &&
  a.active === b.active &&
  a.is_default === b.is_default &&
  a.start === b.start &&
  a.end === b.end &&
  a.condition_ids === b.condition_ids;

/** The conditions the rules name: of every list, or of the lists these rules use. */
function conditionIdsOf(lists: ReadonlyMap<string, readonly number[]>, rules?: readonly PlacedRule[]) {
  const used = rules ? new Set(rules.map((rule) => rule.condition_ids)) : new Set(lists.values());
  return [...new Set([...used].flat())];
}

/** A row's weight in `column`, matched ignoring case when no column has that exact name. */
function weightIn(row: Record<string, unknown>, column: string): number | undefined {
  const key =
    column in row ? column : Object.keys(row).find((name) => name.toLowerCase() === column.toLowerCase());
  return key === undefined ? undefined : weightOf(row[key]);
}
