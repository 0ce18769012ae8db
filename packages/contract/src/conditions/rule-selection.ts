import { z } from 'zod';
import { RotationOddsSchema } from '../creatives/rotation';
import {
  CONTEXT_FIELDS,
  type ConditionExpression,
  type ConditionOperator,
  type ContextField,
  type FieldKind,
  fieldKind,
  type Predicate,
  type PredicateValue,
  parseField,
  WEEKDAYS,
} from './condition';
import { type DataValue, DataValueSchema } from './data-source';
import type { EvaluationContext } from './viewer-context';

/**
 * Rule selection: which rule of a feed a creative shows to a viewer, and
 * why. Pure and synchronous: data sources' values come in with the context (from their cache, or
 * the simulator's overrides), so choosing never waits on the network.
 */

/** One predicate's verdict: the value it read and why it held or not. */
export interface PredicateTrace {
  field: string;
  operator: ConditionOperator;
  value: PredicateValue;
  actual: DataValue;
  holds: boolean;
  reason: string;
}

export interface ConditionTrace {
  id: number;
  name: string;
  holds: boolean;
  /** Set when the rule names a condition that no longer exists (it never holds). */
  missing?: boolean;
  predicates: PredicateTrace[];
}

export type RuleOutcome = 'chosen' | 'inactive' | 'outside_dates' | 'conditions_failed';

export interface RuleTrace {
  rule_id: number;
  unique_id: string;
  reporting_label: string;
  outcome: RuleOutcome;
  reason: string;
  conditions: ConditionTrace[];
}

/** Why an active rule in its dates without conditions is chosen, wherever a trace shows it. */
export const NO_CONDITIONS = 'No conditions: it always applies.';

/** How the rule was chosen: its conditions held, it is the feed's default, or the first active one. */
export type SelectionReason = 'matched' | 'default' | 'first_active' | 'none';

export interface Selection {
  rule_id: number | null;
  reason: SelectionReason;
  /** Every rule tried, in feed order, up to the one that matched. */
  trace: RuleTrace[];
}

/** What selection needs of a rule. */
export interface SelectableRule {
  id: number;
  unique_id: string;
  reporting_label: string;
  is_default: boolean;
  active: boolean;
  start: string | null;
  end: string | null;
  condition_ids: readonly number[];
}

export interface NamedCondition extends ConditionExpression {
  id: number;
  name: string;
}

/**
 * The first active rule in its date window whose conditions all hold; else the feed's default
 * rule (active); else the first active rule. `rules` are the creative's served rules in feed order.
 */
export function selectRule(
  rules: readonly SelectableRule[],
  conditions: ReadonlyMap<number, NamedCondition>,
  context: EvaluationContext,
): Selection {
  const trace: RuleTrace[] = [];
  for (const rule of rules) {
    const entry = { rule_id: rule.id, unique_id: rule.unique_id, reporting_label: rule.reporting_label };
    if (!rule.active) {
      trace.push({ ...entry, outcome: 'inactive', reason: 'The rule is not active.', conditions: [] });
      continue;
    }
    const window = dateWindowProblem(rule, context.date);
    if (window) {
      trace.push({ ...entry, outcome: 'outside_dates', reason: window, conditions: [] });
      continue;
    }
    const verdicts = rule.condition_ids.map((id) => {
      const condition = conditions.get(id);
      if (!condition)
        return { id, name: `#${id}`, holds: false, missing: true, predicates: [] } satisfies ConditionTrace;
      return evaluateCondition(condition, context);
    });
    const failed = verdicts.filter((verdict) => !verdict.holds);
    if (failed.length === 0) {
      const reason =
        verdicts.length === 0
          ? NO_CONDITIONS
          : `Active, in its dates, and ${verdicts.length === 1 ? 'its condition holds' : `all ${verdicts.length} conditions hold`}.`;
      trace.push({ ...entry, outcome: 'chosen', reason, conditions: verdicts });
      return { rule_id: rule.id, reason: 'matched', trace };
    }
    const names = failed.map((verdict) => (verdict.missing ? `${verdict.name} (deleted)` : verdict.name));
    trace.push({
      ...entry,
      outcome: 'conditions_failed',
      reason: `${names.length === 1 ? 'Condition' : 'Conditions'} ${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not hold.`,
      conditions: verdicts,
    });
  }
  const fallback = rules.find((rule) => rule.active && rule.is_default);
  if (fallback) return { rule_id: fallback.id, reason: 'default', trace };
  const first = rules.find((rule) => rule.active);
  if (first) return { rule_id: first.id, reason: 'first_active', trace };
  return { rule_id: null, reason: 'none', trace };
}

function dateWindowProblem(rule: SelectableRule, date: string): string | null {
  if (rule.start && date < rule.start) return `It starts on ${rule.start}.`;
  if (rule.end && date > rule.end) return `It ended on ${rule.end}.`;
  return null;
}

/** A condition against the context, with each predicate's verdict. */
export function evaluateCondition(condition: NamedCondition, context: EvaluationContext): ConditionTrace {
  const predicates = condition.predicates.map((predicate) => evaluatePredicate(predicate, context));
  const holds =
    condition.logic === 'all' ? predicates.every((p) => p.holds) : predicates.some((p) => p.holds);
  return { id: condition.id, name: condition.name, holds, predicates };
}

/** What the context holds for a field, and the kind of comparison it takes. */
function readField(
  field: string,
  context: EvaluationContext,
): { kind: FieldKind; actual: DataValue | undefined; label: string } | null {
  const parsed = parseField(field);
  if (!parsed) return null;
  const kind = fieldKind(parsed);
  if (parsed.type === 'param')
    return { kind, actual: context.params[parsed.name], label: `the parameter ${parsed.name}` };
  if (parsed.type === 'datasource')
    return { kind, actual: context.datasources[parsed.id], label: `data source #${parsed.id}` };
  return {
    kind,
    actual: context[parsed.field as ContextField] as string | undefined,
    label: `the ${parsed.field}`,
  };
}

const show = (value: PredicateValue): string =>
  Array.isArray(value) ? value.map((v) => String(v)).join(', ') : String(value);

export function evaluatePredicate(predicate: Predicate, context: EvaluationContext): PredicateTrace {
  const { field, operator, value } = predicate;
  const read = readField(field, context);
  const base = { field, operator, value };
  if (!read) return { ...base, actual: null, holds: false, reason: `${field} is not a field.` };
  if (read.actual === undefined || read.actual === null || read.actual === '')
    return { ...base, actual: null, holds: false, reason: `The context has no value for ${read.label}.` };
  const holds = compareValues(read.kind, operator, read.actual, value);
  const verb = holds ? 'holds' : 'does not hold';
  return {
    ...base,
    actual: read.actual,
    holds,
    reason: `${capitalize(read.label)} is ${String(read.actual)}: "${operator} ${show(value)}" ${verb}.`,
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A value as the kind compares it: codes and text case-folded, numbers as numbers when both are. */
export const foldForKind = (kind: FieldKind, value: string | number | boolean) => {
  const text = String(value).trim();
  if (kind === 'country') return text.toUpperCase();
  return kind === 'date' || kind === 'time' ? text : text.toLowerCase();
};

const asNumber = (value: string | number | boolean): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return null;
  const text = value.trim();
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  return Number(text);
};

/** -1, 0 or 1; numbers when both read as numbers (for `any` fields), else text order. */
function order(kind: FieldKind, a: string | number | boolean, b: string | number | boolean): number {
  if (kind === 'any') {
    const [x, y] = [asNumber(a), asNumber(b)];
    if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  }
  const [x, y] = [foldForKind(kind, a), foldForKind(kind, b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Equality, with a language without region matching its regional forms ('en' matches 'en-GB'). */
function same(kind: FieldKind, actual: string | number | boolean, wanted: string | number): boolean {
  if (kind === 'language') {
    const [have, want] = [foldForKind(kind, actual), foldForKind(kind, wanted)];
    return have === want || (!want.includes('-') && have.startsWith(`${want}-`));
  }
  return order(kind, actual, wanted) === 0;
}

/** Whether `actual` (a present value) stands in `operator` to `value`, as the field's kind compares. */
export function compareValues(
  kind: FieldKind,
  operator: ConditionOperator,
  actual: string | number | boolean,
  value: PredicateValue,
): boolean {
  return compareToList(kind, operator, actual, Array.isArray(value) ? value : [value]);
}

/** `compareValues` with the value as its list, made once by a compiled predicate rather than per call. */
export function compareToList(
  kind: FieldKind,
  operator: ConditionOperator,
  actual: string | number | boolean,
  list: readonly (string | number)[],
): boolean {
  const one = list[0] ?? '';
  switch (operator) {
    case 'eq':
      return same(kind, actual, one);
    case 'neq':
      return !same(kind, actual, one);
    case 'in':
      return list.some((wanted) => same(kind, actual, wanted));
    case 'not_in':
      return !list.some((wanted) => same(kind, actual, wanted));
    case 'lt':
      return order(kind, actual, one) < 0;
    case 'lte':
      return order(kind, actual, one) <= 0;
    case 'gt':
      return order(kind, actual, one) > 0;
    case 'gte':
      return order(kind, actual, one) >= 0;
    case 'between':
      return order(kind, actual, one) >= 0 && order(kind, actual, list[1] ?? one) <= 0;
    case 'contains':
      return foldForKind(kind, actual).includes(foldForKind(kind, one));
    case 'starts_with':
      return foldForKind(kind, actual).startsWith(foldForKind(kind, one));
  }
}

/** The context fields a simulator form offers, in order. */
export const SIMULATOR_FIELDS: readonly ContextField[] = CONTEXT_FIELDS;
export const SIMULATOR_WEEKDAYS = WEEKDAYS;

/** POST …/simulate answers: the winning rule with its content, and the trace. */
export const RuleTraceSchema = z.object({
  rule_id: z.number().int(),
  unique_id: z.string(),
  reporting_label: z.string(),
  outcome: z.enum(['chosen', 'inactive', 'outside_dates', 'conditions_failed']),
  reason: z.string(),
  conditions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      holds: z.boolean(),
      missing: z.boolean().optional(),
      predicates: z.array(
        z.object({
          field: z.string(),
          operator: z.string(),
          value: z.unknown(),
          actual: DataValueSchema,
          holds: z.boolean(),
          reason: z.string(),
        }),
      ),
    }),
  ),
});

export const SimulationResultSchema = z.object({
  /** The context as evaluated: the moment in the viewer's zone. */
  context: z.object({
    date: z.string(),
    time: z.string(),
    weekday: z.string(),
    time_zone: z.string(),
  }),
  rule: z
    .object({
      id: z.number().int(),
      unique_id: z.string(),
      reporting_label: z.string(),
      /** False for a rule without conditions: it always applies when active and in its dates. */
      has_conditions: z.boolean(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    })
    .nullable(),
  reason: z.enum(['matched', 'default', 'first_active', 'none']),
  /**
   * The creative's newest approved package rendering the chosen rule (a signed URL to frame in the
   * sandbox); null when no rule was chosen or no package is approved.
   */
  render_url: z.string().nullable(),
  /** The rules tried, in feed order (at most 200; `trace_omitted` counts the rest). */
  trace: z.array(RuleTraceSchema),
  trace_omitted: z.number().int(),
  /** The data source values used, by id, with where each came from. */
  datasources: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      value: DataValueSchema,
      source: z.enum(['cache', 'default', 'override', 'none']),
    }),
  ),
  /**
   * What a served tag may play in this context under the creative's rotation and holdout, each
   * rule with its probability (issue 46); null when the creative has no feed compiled for serving.
   */
  rotation: RotationOddsSchema.nullable(),
});
export type SimulationResult = z.infer<typeof SimulationResultSchema>;

/** POST /v1/conditions/{id}/simulate answers: the condition's verdict in a context, predicate by predicate. */
export const ConditionSimulationSchema = z.object({
  context: SimulationResultSchema.shape.context,
  holds: z.boolean(),
  predicates: RuleTraceSchema.shape.conditions.element.shape.predicates,
  datasources: SimulationResultSchema.shape.datasources,
});
export type ConditionSimulation = z.infer<typeof ConditionSimulationSchema>;
