import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConditionCreateSchema, type Predicate, predicateProblems } from './condition';
import { parseJsonPath, valueAtPath } from './json-path';
import {
  evaluateCondition,
  evaluatePredicate,
  type NamedCondition,
  type SelectableRule,
  selectRule,
} from './rule-selection';
import {
  type EvaluationContext,
  evaluationContext,
  localMoment,
  SimulationContextSchema,
} from './viewer-context';

/** Saturday 2026-11-21, 14:30 in Paris. */
const base: EvaluationContext = {
  date: '2026-11-21',
  time: '14:30',
  weekday: 'sat',
  country: 'FR',
  region: 'Île-de-France',
  city: 'Paris',
  device: 'mobile',
  language: 'fr-FR',
  params: { utm_source: 'Newsletter', visits: '3' },
  datasources: { 7: 4.5, 8: 'sunny' },
};

const holds = (predicate: Predicate, context: EvaluationContext = base) =>
  evaluatePredicate(predicate, context).holds;

describe('evaluatePredicate', () => {
  it.each<[Predicate, boolean]>([
    [{ field: 'country', operator: 'eq', value: 'FR' }, true],
    [{ field: 'country', operator: 'eq', value: 'fr' }, true],
    [{ field: 'country', operator: 'in', value: ['BE', 'FR'] }, true],
    [{ field: 'country', operator: 'not_in', value: ['BE', 'FR'] }, false],
    [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }, true],
    [{ field: 'weekday', operator: 'neq', value: 'sat' }, false],
    [{ field: 'date', operator: 'between', value: ['2026-11-01', '2026-11-21'] }, true],
    [{ field: 'date', operator: 'between', value: ['2026-11-22', '2026-11-30'] }, false],
    [{ field: 'date', operator: 'lt', value: '2026-11-22' }, true],
    [{ field: 'time', operator: 'between', value: ['09:00', '14:30'] }, true],
    [{ field: 'time', operator: 'gte', value: '18:00' }, false],
    [{ field: 'device', operator: 'in', value: ['mobile', 'tablet'] }, true],
    [{ field: 'language', operator: 'eq', value: 'fr' }, true],
    [{ field: 'language', operator: 'eq', value: 'fr-CA' }, false],
    [{ field: 'language', operator: 'starts_with', value: 'FR' }, true],
    [{ field: 'city', operator: 'eq', value: 'PARIS' }, true],
    [{ field: 'region', operator: 'contains', value: 'île' }, true],
    [{ field: 'param:utm_source', operator: 'eq', value: 'newsletter' }, true],
    // Numbers compare as numbers when both sides are numbers: '3' > '10' as text, not as numbers.
    [{ field: 'param:visits', operator: 'gt', value: 1 }, true],
    [{ field: 'param:visits', operator: 'gt', value: 10 }, false],
    [{ field: 'param:visits', operator: 'between', value: [2, 10] }, true],
    [{ field: 'datasource:7', operator: 'lt', value: 5 }, true],
    [{ field: 'datasource:7', operator: 'lt', value: '4' }, false],
    [{ field: 'datasource:8', operator: 'eq', value: 'Sunny' }, true],
  ])('%j → %s', (predicate, expected) => {
    expect(holds(predicate)).toBe(expected);
  });

  it('fails, naming what is missing, when the context has no value for the field', () => {
    for (const field of ['param:zip', 'datasource:99', 'city']) {
      const context = { ...base, city: undefined };
      const trace = evaluatePredicate({ field, operator: 'neq', value: 'x' }, context);
      expect(trace.holds).toBe(false);
      expect(trace.reason).toMatch(/^The context has no value for /);
    }
  });

  it('explains its verdict with the value it read', () => {
    const trace = evaluatePredicate({ field: 'datasource:7', operator: 'lt', value: 5 }, base);
    expect(trace).toMatchObject({ actual: 4.5, holds: true });
    expect(trace.reason).toBe('Data source #7 is 4.5: "lt 5" holds.');
  });
});

describe('evaluateCondition', () => {
  const condition = (logic: 'all' | 'any', predicates: Predicate[]): NamedCondition => ({
    id: 1,
    name: 'C',
    logic,
    predicates,
  });
  const yes: Predicate = { field: 'country', operator: 'eq', value: 'FR' };
  const no: Predicate = { field: 'country', operator: 'eq', value: 'BE' };

  it('all needs every predicate, any needs one', () => {
    expect(evaluateCondition(condition('all', [yes, no]), base).holds).toBe(false);
    expect(evaluateCondition(condition('all', [yes, yes]), base).holds).toBe(true);
    expect(evaluateCondition(condition('any', [no, yes]), base).holds).toBe(true);
    expect(evaluateCondition(condition('any', [no, no]), base).holds).toBe(false);
  });

  it('traces every predicate, not only up to the first that decides', () => {
    const trace = evaluateCondition(condition('any', [yes, no]), base);
    expect(trace.predicates.map((p) => p.holds)).toEqual([true, false]);
  });
});

describe('selectRule', () => {
  const rule = (id: number, over: Partial<SelectableRule> = {}): SelectableRule => ({
    id,
    unique_id: `U${id}`,
    reporting_label: `Rule ${id}`,
    is_default: false,
    active: true,
    start: null,
    end: null,
    condition_ids: [],
    ...over,
  });
  const conditions = new Map<number, NamedCondition>([
    [
      1,
      {
        id: 1,
        name: 'Belgium',
        logic: 'all',
        predicates: [{ field: 'country', operator: 'eq', value: 'BE' }],
      },
    ],
    [
      2,
      {
        id: 2,
        name: 'Weekend',
        logic: 'all',
        predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
      },
    ],
  ]);

  it('chooses the first active rule in its dates whose conditions all hold, tracing those tried', () => {
    const rules = [
      rule(1, { active: false }),
      rule(2, { end: '2026-11-20' }),
      rule(3, { start: '2026-11-22' }),
      rule(4, { condition_ids: [2, 1] }),
      rule(5, { condition_ids: [2] }),
      rule(6),
    ];
    const selection = selectRule(rules, conditions, base);
    expect(selection.rule_id).toBe(5);
    expect(selection.reason).toBe('matched');
    expect(selection.trace.map((t) => [t.rule_id, t.outcome])).toEqual([
      [1, 'inactive'],
      [2, 'outside_dates'],
      [3, 'outside_dates'],
      [4, 'conditions_failed'],
      [5, 'chosen'],
    ]);
    expect(selection.trace[3]!.reason).toBe('Condition Belgium does not hold.');
    expect(selection.trace[1]!.reason).toBe('It ended on 2026-11-20.');
  });

  it('a rule whose dates include today (start and end days included) is in its window', () => {
    const selection = selectRule([rule(1, { start: '2026-11-21', end: '2026-11-21' })], conditions, base);
    expect(selection).toMatchObject({ rule_id: 1, reason: 'matched' });
  });

  it('falls back to the active default rule, then to the first active rule', () => {
    const failing = { condition_ids: [1] };
    expect(
      selectRule([rule(1, failing), rule(2, { ...failing, is_default: true })], conditions, base),
    ).toMatchObject({ rule_id: 2, reason: 'default' });
    expect(
      selectRule(
        [
          rule(1, { active: false }),
          rule(2, failing),
          rule(3, { ...failing, is_default: true, active: false }),
        ],
        conditions,
        base,
      ),
    ).toMatchObject({ rule_id: 2, reason: 'first_active' });
    expect(selectRule([rule(1, { active: false })], conditions, base)).toMatchObject({
      rule_id: null,
      reason: 'none',
    });
    expect(selectRule([], conditions, base)).toEqual({ rule_id: null, reason: 'none', trace: [] });
  });

  it('a rule naming a deleted condition never matches, and the trace says so', () => {
    const selection = selectRule([rule(1, { condition_ids: [42] }), rule(2)], conditions, base);
    expect(selection.rule_id).toBe(2);
    expect(selection.trace[0]!.conditions[0]).toMatchObject({ id: 42, missing: true, holds: false });
    expect(selection.trace[0]!.reason).toBe('Condition #42 (deleted) does not hold.');
  });

  it('picks the same rule as a plain reading of the definition, on generated feeds', () => {
    const arbitraryRule = fc.record({
      active: fc.boolean(),
      is_default: fc.boolean(),
      start: fc.option(fc.constantFrom('2026-11-01', '2026-11-21', '2026-11-22'), { nil: null }),
      end: fc.option(fc.constantFrom('2026-11-20', '2026-11-21', '2026-12-01'), { nil: null }),
      condition_ids: fc.subarray([1, 2, 3]),
    });
    fc.assert(
      fc.property(fc.array(arbitraryRule, { maxLength: 8 }), (drafts) => {
        const rules = drafts.map((draft, i) => rule(i + 1, draft));
        const passes = (r: SelectableRule) =>
          r.active &&
          (r.start === null || r.start <= base.date) &&
          (r.end === null || r.end >= base.date) &&
          r.condition_ids.every((id) => id === 2); // Belgium fails, 3 does not exist, Weekend holds.
        const expected =
          rules.find(passes)?.id ??
          rules.find((r) => r.active && r.is_default)?.id ??
          rules.find((r) => r.active)?.id ??
          null;
        const selection = selectRule(rules, conditions, base);
        expect(selection.rule_id).toBe(expected);
        // The trace stops at the chosen rule, or covers every rule when none matched.
        const chosenAt = rules.findIndex(passes);
        expect(selection.trace).toHaveLength(chosenAt === -1 ? rules.length : chosenAt + 1);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the context in the viewer’s time zone', () => {
  it('reads date, time and weekday where the viewer is', () => {
    const at = new Date('2026-11-21T23:30:00Z');
    expect(localMoment(at, 'UTC')).toEqual({ date: '2026-11-21', time: '23:30', weekday: 'sat' });
    expect(localMoment(at, 'Europe/Paris')).toEqual({ date: '2026-11-22', time: '00:30', weekday: 'sun' });
    expect(localMoment(at, 'America/New_York')).toEqual({
      date: '2026-11-21',
      time: '18:30',
      weekday: 'sat',
    });
  });

  it('merges data source overrides over cached values', () => {
    const context = SimulationContextSchema.parse({
      at: '2026-11-21T12:00:00Z',
      time_zone: 'Asia/Tokyo',
      country: 'jp',
      datasources: { '7': 30 },
    });
    const evaluation = evaluationContext(context, { 7: 4.5, 8: 'rain' });
    expect(evaluation).toMatchObject({
      date: '2026-11-21',
      time: '21:00',
      country: 'JP',
      datasources: { 7: 30, 8: 'rain' },
    });
  });

  it('refuses an unknown time zone', () => {
    const result = SimulationContextSchema.safeParse({ time_zone: 'Mars/Olympus' });
    expect(result.success).toBe(false);
  });
});

describe('predicateProblems', () => {
  it.each<[Predicate, Record<string, string>]>([
    [
      { field: 'date', operator: 'between', value: ['2026-12-01', '2026-11-01'] },
      { value: 'The first value of between must not be after the second.' },
    ],
    [
      { field: 'date', operator: 'between', value: ['2026-11-01'] },
      { value: 'Between needs two values: from and to.' },
    ],
    [{ field: 'date', operator: 'eq', value: '2026-02-30' }, { value: 'A date must be YYYY-MM-DD.' }],
    [
      { field: 'time', operator: 'between', value: ['18:00', '24:00'] },
      { value: 'A time must be HH:MM (00:00–23:59).' },
    ],
    [
      { field: 'weekday', operator: 'contains', value: 'sa' },
      { operator: 'The operator contains does not apply to weekday; use one of: eq, neq, in, not_in.' },
    ],
    [{ field: 'weekday', operator: 'in', value: [] }, { value: 'Give at least one value.' }],
    [
      { field: 'country', operator: 'in', value: ['FR', 'france'] },
      { value: 'A country must be a two-letter code such as FR.' },
    ],
    [
      { field: 'colour', operator: 'eq', value: 'red' },
      {
        field:
          'The field must be one of date, time, weekday, country, region, city, device, language, param:<name> or datasource:<id>.',
      },
    ],
    [
      { field: 'param:', operator: 'eq', value: 'x' },
      {
        field:
          'The field must be one of date, time, weekday, country, region, city, device, language, param:<name> or datasource:<id>.',
      },
    ],
    [
      { field: 'datasource:7', operator: 'between', value: [10, 2] },
      { value: 'The first value of between must not be after the second.' },
    ],
    [
      { field: 'datasource:7', operator: 'lt', value: [1] },
      { value: 'The operator lt needs one value, not a list.' },
    ],
    [{ field: 'param:q', operator: 'eq', value: ' ' }, { value: 'A value may not be empty.' }],
  ])('%j', (predicate, problems) => {
    expect(predicateProblems(predicate)).toEqual(problems);
  });

  it('accepts well-formed predicates of every kind', () => {
    for (const predicate of [
      { field: 'date', operator: 'between', value: ['2026-11-01', '2026-11-30'] },
      { field: 'time', operator: 'between', value: ['09:00', '17:30'] },
      { field: 'weekday', operator: 'in', value: ['sat', 'sun'] },
      { field: 'device', operator: 'eq', value: 'ctv' },
      { field: 'language', operator: 'in', value: ['en', 'pt-BR'] },
      { field: 'param:utm_source', operator: 'starts_with', value: 'news' },
      { field: 'datasource:12', operator: 'gte', value: 20 },
    ] satisfies Predicate[])
      expect(predicateProblems(predicate)).toEqual({});
  });

  it('puts each problem on its predicate’s path in the create schema', () => {
    const result = ConditionCreateSchema.safeParse({
      name: 'Bad',
      logic: 'all',
      predicates: [
        { field: 'country', operator: 'eq', value: 'FR' },
        { field: 'date', operator: 'between', value: ['2026-12-01', '2026-11-01'] },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['predicates.1.value']);
  });
});

describe('json path', () => {
  const answer = {
    current: { temperature: 4.5, 'feels like': -1 },
    items: [{ stock: 12 }, { stock: 0 }],
    ok: true,
    none: null,
  };

  it.each([
    ['$.current.temperature', 4.5],
    ["$.current['feels like']", -1],
    ['$.items[1].stock', 0],
    ['$.ok', true],
    ['$.none', null],
    ['$.items[0]', '{"stock":12}'],
    ['$.items[5].stock', undefined],
    ['$.missing', undefined],
    ['$.current.temperature.deeper', undefined],
  ])('%s → %j', (path, expected) => {
    const steps = parseJsonPath(path);
    expect(steps).not.toBeNull();
    expect(valueAtPath(answer, steps!)).toEqual(expected);
  });

  it.each([
    'current.temperature',
    '$..temperature',
    '$.items[*]',
    '$.items[?(@.stock>0)]',
    '$.a[-1]',
    "$['a'",
    '$.constructor()',
  ])('refuses %s (only plain names and indexes)', (path) => {
    expect(parseJsonPath(path)).toBeNull();
  });

  it('does not step into inherited properties', () => {
    expect(valueAtPath({}, parseJsonPath('$.constructor')!)).toBeUndefined();
    expect(valueAtPath([], parseJsonPath('$.length')!)).toBeUndefined();
  });
});
