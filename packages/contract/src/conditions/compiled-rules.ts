import { type ContextField, type FieldKind, fieldKind, type Predicate, parseField } from './condition';
import type { DataValue } from './data-source';
import {
  compareToList,
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
 * condition) are left out; rules with the same dates and conditions are judged once, as twins of
 * the first (only it can win `decide`; a rotation's `matches` names them all). Each condition is
 * judged at most once per decision.
 */
export interface CompiledRuleSet {
  decide(context: EvaluationContext): { rule_id: number | null; reason: SelectionReason };
  /**
   * Every rule a rotation may serve in the context (issue 46): all active rules in their dates
   * whose conditions hold, in feed order, default rules left out — or, when none of those matches,
   * what `decide` falls back to (the default rule, else the first active), alone.
   */
  matches(context: EvaluationContext): { rule_ids: readonly number[]; reason: SelectionReason };
  /** The feed's first active default rule (the static control a holdout serves), if any. */
  readonly defaultRuleId: number | null;
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
  /** Later rules of the same dates and conditions: they match exactly when it does. */
  twins: number[];
  /** Which of id and its twins are default rules. */
  defaults: Set<number>;
  /** Id and its twins that are not default rules, in feed order (made once the set is compiled). */
  servable: number[];
  /** Each rule's place in the feed, of id and then its twins; once compiled, of each servable rule. */
  places: number[];
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

/**
 * The viewer's value of a kind as equality compares it, folded once for every test that reads it
 * in a decision: the 25 country conditions of a feed walk each fold the same country, and each fold
 * allocates a string (issue 47: what a decision allocates). One entry per kind, last value seen.
 */
const lastFolded = new Map<FieldKind, { actual: string | number | boolean; folded: string }>();
function foldedOnce(kind: FieldKind, actual: string | number | boolean): string {
  const last = lastFolded.get(kind);
  if (last !== undefined && last.actual === actual) return last.folded;
  const folded = foldForKind(kind, actual);
  if (last === undefined) lastFolded.set(kind, { actual, folded });
  else {
    last.actual = actual;
    last.folded = folded;
  }
  return folded;
}

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
      return present(actual) && wanted.has(foldedOnce(kind, actual)) !== negated;
    };
  }
  const list = Array.isArray(value) ? value : [value];
  return (context) => {
    const actual = read(context);
    return present(actual) && compareToList(kind, operator, actual, list);
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
  const seen = new Map<string, Candidate>();
  let fallback: number | null = null;
  let firstActive: number | null = null;

  /** Each rule's place in the feed (no map of every rule: 700,000 entries cost a second). */
  let place = -1;
  /**
   * Each condition list's ids, distinct and sorted, and whether all exist, made once per list: a
   * feed's rules share a few lists (700,000 rules compile in seconds otherwise, issue 47).
   */
  const lists = new Map<readonly number[], { ids: number[]; known: boolean; key: string }>();
  for (const rule of rules) {
    place++;
    if (!rule.active) continue;
    firstActive ??= rule.id;
    if (rule.is_default) fallback ??= rule.id;
    let list = lists.get(rule.condition_ids);
    if (list === undefined) {
      const ids = [...new Set(rule.condition_ids)].sort((a, b) => a - b);
      list = { ids, known: ids.every((id) => conditions.has(id)), key: ids.join(',') };
      lists.set(rule.condition_ids, list);
    }
    if (!list.known) continue;
    const ids = list.ids;
    const key =
      rule.start === null && rule.end === null
        ? list.key
        : `${rule.start ?? ''}|${rule.end ?? ''}|${list.key}`;
    const twin = seen.get(key);
    if (twin) {
      twin.twins.push(rule.id);
      twin.places.push(place);
      if (rule.is_default) twin.defaults.add(rule.id);
      continue;
    }
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
    const candidate: Candidate = {
      id: rule.id,
      twins: [],
      defaults: new Set(rule.is_default ? [rule.id] : []),
      servable: [],
      places: [place],
      start: rule.start,
      end: rule.end,
      conditions: Int32Array.from(slots),
    };
    seen.set(key, candidate);
    candidates.push(candidate);
  }

  const otherwise =
    fallback !== null
      ? { rule_id: fallback, reason: 'default' as const }
      : firstActive !== null
        ? { rule_id: firstActive, reason: 'first_active' as const }
        : { rule_id: null, reason: 'none' as const };

  // Each rule is in one candidate at most: the list needs no set to be distinct.
  const choosable: number[] = [];
  let holdsFallback = otherwise.rule_id === null;
  for (const candidate of candidates) {
    const ids = candidate.twins.length === 0 ? [candidate.id] : [candidate.id, ...candidate.twins];
    for (const id of ids) choosable.push(id);
    holdsFallback ||= ids.includes(otherwise.rule_id!);
    if (candidate.defaults.size === 0) candidate.servable = ids;
    else {
      candidate.servable = ids.filter((id) => !candidate.defaults.has(id));
      candidate.places = candidate.places.filter((_, i) => !candidate.defaults.has(ids[i]!));
    }
  }
  if (!holdsFallback) choosable.push(otherwise.rule_id!);

  /**
   * Where the run of candidates sharing each one's first condition ends: when that condition does
   * not hold, the walk goes on from there (a feed's rules come in blocks, e.g. by country).
   */
  const runEnd = new Int32Array(candidates.length);
  for (let i = candidates.length - 1; i >= 0; i--) {
    const slot = candidates[i]!.conditions[0];
    runEnd[i] =
      slot !== undefined && i + 1 < candidates.length && candidates[i + 1]!.conditions[0] === slot
        ? runEnd[i + 1]!
        : i + 1;
  }

  /** The candidates that match the context, in feed order, each once; `first` stops at the first. */
  const matching = (context: EvaluationContext, first: boolean) => {
    // 0: not judged yet, 1: holds, 2: does not.
    const verdicts = new Uint8Array(tests.length);
    const holds = (slot: number) => {
      if (verdicts[slot] === 0) verdicts[slot] = tests[slot]!(context) ? 1 : 2;
      return verdicts[slot] === 1;
    };
    const found: Candidate[] = [];
    for (let c = 0; c < candidates.length; c++) {
      const candidate = candidates[c]!;
      const conditions = candidate.conditions;
      if (conditions.length > 0 && !holds(conditions[0]!)) {
        c = runEnd[c]! - 1;
        continue;
      }
      if (candidate.start && context.date < candidate.start) continue;
      if (candidate.end && context.date > candidate.end) continue;
      let all = true;
      for (let i = 1; i < conditions.length; i++)
        if (!holds(conditions[i]!)) {
          all = false;
          break;
        }
      if (all) {
        found.push(candidate);
        if (first) break;
      }
    }
    return found;
  };

  return {
    dataSourceIds: [...dataSourceIds],
    candidates: candidates.length,
    choosable,
    defaultRuleId: fallback,
    decide(context) {
      const [found] = matching(context, true);
      return found ? { rule_id: found.id, reason: 'matched' } : otherwise;
    },
    matches(context) {
      const found = matching(context, false).filter((candidate) => candidate.servable.length > 0);
      // One candidate (the usual case): its rules as compiled, in feed order, nothing to merge.
      if (found.length === 1) return { rule_ids: found[0]!.servable, reason: 'matched' };
      if (found.length > 1) {
        // Twins follow their first in the walk: merged in feed order by each rule's place.
        if (!found.some((candidate) => candidate.twins.length > 0))
          return { rule_ids: found.flatMap((candidate) => candidate.servable), reason: 'matched' };
        const placed = found.flatMap((candidate) =>
          candidate.servable.map((id, i) => [candidate.places[i]!, id] as const),
        );
        placed.sort((a, b) => a[0] - b[0]);
        return { rule_ids: placed.map(([, id]) => id), reason: 'matched' };
      }
      return { rule_ids: otherwise.rule_id === null ? [] : [otherwise.rule_id], reason: otherwise.reason };
    },
  };
}
