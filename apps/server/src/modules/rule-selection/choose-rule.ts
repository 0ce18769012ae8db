import {
  type EvaluationContext,
  evaluationContext,
  type NamedCondition,
  parseField,
  type RuleFilter,
  type RuleTrace,
  type SelectableRule,
  type Selection,
  type SimulationContext,
  type SimulationResult,
  selectRule,
} from '@adstudio/contract';
import { parseJson } from '../../lib/json';
import type { DataSourceValue } from '../data-sources';
import type { ProfileRuleRow } from '../profiles';

/** How many rules one read of the feed brings (selection stops at the page holding the match). */
const PAGE = 500;
/** How many rules a trace lists; beyond, it counts them (a 700,000-row feed with no match). */
export const TRACE_MAX = 200;

/** A data source's value as selection used it: the cache's answer, or the context's override. */
type UsedValue = Omit<DataSourceValue, 'source'> & { source: DataSourceValue['source'] | 'override' };

/** What rule selection reads of a company's feed, whether it chooses a rule or compiles the feed. */
export interface FeedReads {
  /** The feed's live rules the filter serves, in feed order, `limit` after `afterPosition`. */
  servedRules(
    profileId: number,
    filter: RuleFilter | null,
    afterPosition: number,
    limit: number,
  ): Promise<ProfileRuleRow[]>;
  /** The company's live conditions of these ids. */
  conditions(companyId: number, ids: readonly number[]): Promise<Map<number, NamedCondition>>;
}

export interface ChooseRuleDeps {
  /** The creative's served live rules in feed order, `limit` after `afterPosition`. */
  servedRules(afterPosition: number, limit: number): Promise<ProfileRuleRow[]>;
  /** The feed's active default rule and first active rule, among those served. */
  servedFallbacks(): Promise<{ fallback?: ProfileRuleRow; firstActive?: ProfileRuleRow }>;
  /** The company's live conditions of these ids. */
  conditions(ids: readonly number[]): Promise<Map<number, NamedCondition>>;
  /** Data sources' values from their cache (never fetched while waiting). */
  values(ids: readonly number[]): Promise<Map<number, DataSourceValue>>;
}

export interface ChosenRule {
  selection: Selection;
  rule: ProfileRuleRow | undefined;
  /** Rules tried beyond TRACE_MAX, left out of the trace. */
  omitted: number;
  context: EvaluationContext;
  datasources: SimulationResult['datasources'];
}

export const selectable = (row: Omit<ProfileRuleRow, 'data'>): SelectableRule => ({
  id: row.id,
  unique_id: row.unique_id,
  reporting_label: row.reporting_label,
  is_default: row.is_default === 1,
  active: row.active === 1,
  start: row.start_date,
  end: row.end_date,
  condition_ids: parseJson<number[]>(row.condition_ids, []),
});

/** Whether the rule names any condition (one without always applies when active and in its dates). */
export const hasConditions = (row: ProfileRuleRow) => selectable(row).condition_ids.length > 0;

/** The data sources a set of conditions reads. */
const dataSourcesOf = (conditions: Iterable<NamedCondition>) => {
  const ids = new Set<number>();
  for (const condition of conditions)
    for (const predicate of condition.predicates) {
      const field = parseField(predicate.field);
      if (field?.type === 'datasource') ids.add(field.id);
    }
  return ids;
};

/**
 * The rule a creative shows in a context (docs/design.md §5):
 * the feed is read a page at a time in feed order and the pure engine (`selectRule`) judges each
 * page; the first rule that matches ends the walk. With no match anywhere, the feed's default rule,
 * else its first active rule. Conditions and data source values are loaded for the rules of each
 * page as they come, values from their cache or the context's overrides — never fetched meanwhile.
 */
export async function chooseRule(
  deps: ChooseRuleDeps,
  context: SimulationContext,
  now = new Date(),
): Promise<ChosenRule> {
  const conditions = new Map<number, NamedCondition>();
  const values = new Map<number, UsedValue>();
  const overrides = new Map(Object.entries(context.datasources).map(([id, value]) => [Number(id), value]));
  let evaluation = evaluationContext(context, {}, now);
  const trace: RuleTrace[] = [];
  let omitted = 0;
  const record = (entries: RuleTrace[]) => {
    const room = Math.max(0, TRACE_MAX - trace.length);
    trace.push(...entries.slice(0, room));
    omitted += Math.max(0, entries.length - room);
  };

  let after = -1;
  for (;;) {
    const rows = await deps.servedRules(after, PAGE);
    if (rows.length === 0) break;
    after = rows.at(-1)!.position;
    const rules = rows.map(selectable);

    const wanted = [...new Set(rules.flatMap((rule) => rule.condition_ids))].filter(
      (id) => !conditions.has(id),
    );
    if (wanted.length > 0) {
      const found = await deps.conditions(wanted);
      for (const [id, condition] of found) conditions.set(id, condition);
      const sources = [...dataSourcesOf(found.values())].filter((id) => !values.has(id));
      if (sources.length > 0) {
        const cached = await deps.values(sources);
        for (const id of sources) {
          const known = cached.get(id);
          values.set(
            id,
            overrides.has(id)
              ? { name: known?.name ?? `#${id}`, value: overrides.get(id)!, source: 'override' }
              : (known ?? { name: `#${id}`, value: null, source: 'none' }),
          );
        }
        evaluation = evaluationContext(
          context,
          Object.fromEntries(
            [...values].filter(([, v]) => v.source !== 'none').map(([id, v]) => [id, v.value]),
          ),
          now,
        );
      }
    }

    const page = selectRule(rules, conditions, evaluation);
    if (page.reason === 'matched') {
      record(page.trace);
      const rule = rows.find((row) => row.id === page.rule_id);
      return {
        selection: { ...page, trace },
        rule,
        omitted,
        context: evaluation,
        datasources: listed(values),
      };
    }
    // Without a match in this page, every rule of it was tried; the fallback is the whole feed's.
    record(page.trace);
    if (rows.length < PAGE) break;
  }

  const { fallback, firstActive } = await deps.servedFallbacks();
  const rule = fallback ?? firstActive;
  const reason = fallback ? 'default' : firstActive ? 'first_active' : 'none';
  return {
    selection: { rule_id: rule?.id ?? null, reason, trace },
    rule,
    omitted,
    context: evaluation,
    datasources: listed(values),
  };
}

const listed = (values: Map<number, UsedValue>) =>
  [...values].map(([id, v]) => ({ id, name: v.name, value: v.value, source: v.source }));

/** The creative's rule filter as stored (JSON text or null). */
export const ruleFilterOf = (stored: string | null) => parseJson<RuleFilter | null>(stored, null);
