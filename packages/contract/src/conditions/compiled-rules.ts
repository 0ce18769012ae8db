import { type ContextField, type FieldKind, fieldKind, type Predicate, parseField } from './condition';
import type { DataValue } from './data-source';
import {
  compareValues,
  foldForKind,
  type NamedCondition,
  type SelectableRule,
  type SelectionReason,
} from './rule-selection';
import type { EvaluationContext } from './viewer-context';

/**
 * A feed's rules compiled for serving (docs/design.md §11): the same choice as `selectRule` — the
 * first active rule in its dates whose conditions all hold, else the default, else the first
 * active rule — without building its trace, and with the work done once per feed instead of once
 * per viewer. Rules that can never be chosen by their conditions (inactive, naming a deleted
 * condition) are left out; of rules with the same dates and conditions only the first can win, so
 * only it is kept. Each condition is judged at most once per decision.
 */
export interface CompiledRuleSet {
  decide(context: EvaluationContext): { rule_id: number | null; reason: SelectionReason };
  /** The data sources its conditions read. */
  readonly dataSourceIds: readonly number[];
  /** Rules walked in the worst case (distinct dates and conditions). */
  readonly candidates: number;
  /** The rules it can choose: no other needs its content kept. */
  readonly choosable: readonly number[];
}

type Test = (context: EvaluationContext) => boolean;

interface Candidate {
  id: number;
  start: string | null;
  end: string | null;
  /** Indexes into the set's conditions. */
  conditions: Int32Array;
}

/** What a field reads from the context. */
function reader(predicate: Predicate): ((context: EvaluationContext) => DataValue | undefined) | null {
  const parsed = parseField(predicate.field);
  if (!parsed) return null;
  if (parsed.type === 'param') return (context) => context.params[parsed.name];
  if (parsed.type === 'datasource') return (context) => context.datasources[parsed.id];
  const field: ContextField = parsed.field;
  return (context) => context[field] as string | undefined;
}

/** Kinds whose equality is equality of folded text (numbers and languages compare otherwise). */
const FOLDED: ReadonlySet<FieldKind> = new Set(['date', 'time', 'weekday', 'country', 'device', 'text']);

/** A predicate as a test, as `evaluatePredicate` judges it. */
export function compilePredicate(predicate: Predicate): Test {
  const read = reader(predicate);
  if (!read) return () => false;
  const kind = fieldKind(parseField(predicate.field)!);
  const { operator, value } = predicate;
  const present = (actual: DataValue | undefined): actual is string | number | boolean =>
    actual !== undefined && actual !== null && actual !== '';
  if (
    FOLDED.has(kind) &&
    (operator === 'in' || operator === 'not_in' || operator === 'eq' || operator === 'neq')
  ) {
    const list = Array.isArray(value) ? value : [value];
    const single = operator === 'eq' || operator === 'neq';
    const wanted = new Set((single ? [list[0] ?? ''] : list).map((v) => foldForKind(kind, v)));
    const negated = operator === 'not_in' || operator === 'neq';
    return (context) => {
      const actual = read(context);
      return present(actual) && wanted.has(foldForKind(kind, actual)) !== negated;
    };
  }
  return (context) => {
    const actual = read(context);
    return present(actual) && compareValues(kind, operator, actual, value);
  };
}

/** A condition as a test: all (or any) of its predicates hold. */
export function compileCondition(condition: NamedCondition): Test {
  const tests = condition.predicates.map(compilePredicate);
  return condition.logic === 'all'
    ? (context) => tests.every((test) => test(context))
    : (context) => tests.some((test) => test(context));
}

export function compileRuleSet(
  rules: readonly SelectableRule[],
  conditions: ReadonlyMap<number, NamedCondition>,
): CompiledRuleSet {
  const index = new Map<number, number>();
  const tests: Test[] = [];
  const dataSourceIds = new Set<number>();
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  let fallback: number | null = null;
  let firstActive: number | null = null;

  for (const rule of rules) {
    if (!rule.active) continue;
    firstActive ??= rule.id;
    if (rule.is_default) fallback ??= rule.id;
    const ids = [...new Set(rule.condition_ids)].sort((a, b) => a - b);
    if (ids.some((id) => !conditions.has(id))) continue;
    const key = `${rule.start ?? ''}|${rule.end ?? ''}|${ids.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const slots = ids.map((id) => {
      let slot = index.get(id);
      if (slot === undefined) {
        const condition = conditions.get(id)!;
        slot = tests.length;
        index.set(id, slot);
        tests.push(compileCondition(condition));
        for (const predicate of condition.predicates) {
          const field = parseField(predicate.field);
          if (field?.type === 'datasource') dataSourceIds.add(field.id);
        }
      }
      return slot;
    });
    candidates.push({ id: rule.id, start: rule.start, end: rule.end, conditions: Int32Array.from(slots) });
  }

  const otherwise =
    fallback !== null
      ? { rule_id: fallback, reason: 'default' as const }
      : firstActive !== null
        ? { rule_id: firstActive, reason: 'first_active' as const }
        : { rule_id: null, reason: 'none' as const };

  const choosable = new Set(candidates.map((candidate) => candidate.id));
  if (otherwise.rule_id !== null) choosable.add(otherwise.rule_id);
  return {
    dataSourceIds: [...dataSourceIds],
    candidates: candidates.length,
    choosable: [...choosable],
    decide(context) {
      // 0: not judged yet, 1: holds, 2: does not.
      const verdicts = new Uint8Array(tests.length);
      const holds = (slot: number) => {
        if (verdicts[slot] === 0) verdicts[slot] = tests[slot]!(context) ? 1 : 2;
        return verdicts[slot] === 1;
      };
      for (const candidate of candidates) {
        if (candidate.start && context.date < candidate.start) continue;
        if (candidate.end && context.date > candidate.end) continue;
        let all = true;
        for (let i = 0; i < candidate.conditions.length; i++)
          if (!holds(candidate.conditions[i]!)) {
            all = false;
            break;
          }
        if (all) return { rule_id: candidate.id, reason: 'matched' };
      }
      return otherwise;
    },
  };
}
