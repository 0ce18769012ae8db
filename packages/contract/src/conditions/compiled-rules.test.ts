import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePredicate, compileRuleSet } from './compiled-rules';
import type { Predicate } from './condition';
import { evaluatePredicate, type NamedCondition, type SelectableRule, selectRule } from './rule-selection';
import type { EvaluationContext } from './viewer-context';

const FIELDS = [
  'country',
  'time',
  'weekday',
  'date',
  'device',
  'language',
  'city',
  'param:p',
  'datasource:1',
];
const OPERATORS = [
  'eq',
  'neq',
  'in',
  'not_in',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'starts_with',
];
/** Values that meet each other in interesting ways: cases, numbers as text, blanks, prefixes. */
const atom = fc.constantFrom<string | number>(
  'FR',
  'fr',
  'BE',
  ' ',
  '',
  '5',
  '5.0',
  '10',
  5,
  10,
  'en',
  'en-GB',
  '09:00',
  '18:00',
  '2026-11-21',
  'sat',
  'mobile',
  'Par',
  'Paris',
);
const predicate: fc.Arbitrary<Predicate> = fc.record({
  field: fc.constantFrom(...FIELDS),
  operator: fc.constantFrom(...OPERATORS) as fc.Arbitrary<Predicate['operator']>,
  value: fc.oneof(atom, fc.array(atom, { maxLength: 3 })) as fc.Arbitrary<Predicate['value']>,
});
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const context: fc.Arbitrary<EvaluationContext> = fc.record({
  date: fc.constantFrom('2026-11-20', '2026-11-21', '2026-11-22'),
  time: fc.constantFrom('08:00', '09:00', '18:00', '23:59'),
  weekday: fc.constantFrom('fri', 'sat', 'sun'),
  country: maybe(fc.constantFrom('FR', 'be', 'DE', '')),
  region: maybe(fc.constantFrom('Île-de-France')),
  city: maybe(fc.constantFrom('Paris', 'paris', ' ')),
  device: maybe(fc.constantFrom('mobile', 'desktop')),
  language: maybe(fc.constantFrom('en-GB', 'en', 'fr')),
  params: fc.dictionary(fc.constant('p'), fc.constantFrom('5', '5.0', '10', 'x', '')),
  datasources: fc.dictionary(
    fc.constant('1'),
    fc.oneof(fc.constantFrom<string | number | boolean | null>(5, 10, '5', 'sunny', true, null)),
  ) as fc.Arbitrary<EvaluationContext['datasources']>,
});

describe('compilePredicate', () => {
  it('judges every predicate as evaluatePredicate does', () => {
    fc.assert(
      fc.property(predicate, context, (p, c) => {
        expect(compilePredicate(p)(c)).toBe(evaluatePredicate(p, c).holds);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('compileRuleSet', () => {
  const conditions: fc.Arbitrary<Map<number, NamedCondition>> = fc
    .array(
      fc.record({
        logic: fc.constantFrom<'all' | 'any'>('all', 'any'),
        predicates: fc.array(predicate, { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map(
      (list) => new Map(list.map((condition, i) => [i + 1, { ...condition, id: i + 1, name: `C${i + 1}` }])),
    );
  const rules: fc.Arbitrary<SelectableRule[]> = fc
    .array(
      fc.record({
        is_default: fc.boolean(),
        active: fc.boolean(),
        start: fc.constantFrom(null, '2026-11-21', '2026-11-22'),
        end: fc.constantFrom(null, '2026-11-20', '2026-11-21'),
        // Id 9 names a deleted condition.
        condition_ids: fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
      }),
      { maxLength: 12 },
    )
    .map((list) =>
      list.map((rule, i) => ({ ...rule, id: 100 + i, unique_id: `r${i}`, reporting_label: `R${i}` })),
    );

  it('chooses the rule selectRule chooses, for the same reason', () => {
    fc.assert(
      fc.property(rules, conditions, fc.array(context, { minLength: 1, maxLength: 4 }), (r, c, contexts) => {
        const compiled = compileRuleSet(r, c);
        for (const viewer of contexts) {
          const { rule_id, reason } = selectRule(r, c, viewer);
          expect(compiled.decide(viewer)).toEqual({ rule_id, reason });
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('matches every rule that selectRule would match alone, default rules only when nothing else does', () => {
    fc.assert(
      fc.property(rules, conditions, fc.array(context, { minLength: 1, maxLength: 4 }), (r, c, contexts) => {
        const compiled = compileRuleSet(r, c);
        for (const viewer of contexts) {
          const alone = r.filter(
            (rule) => !rule.is_default && selectRule([rule], c, viewer).reason === 'matched',
          );
          const { rule_id, reason } = selectRule(r, c, viewer);
          const expected =
            alone.length > 0
              ? { rule_ids: alone.map((rule) => rule.id), reason: 'matched' }
              : reason === 'matched'
                ? // Only default rules matched (so the feed has one): its default serves.
                  { rule_ids: [compiled.defaultRuleId], reason: 'default' }
                : { rule_ids: rule_id === null ? [] : [rule_id], reason };
          expect(compiled.matches(viewer)).toEqual(expected);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('keeps one rule per dates and conditions, and names the data sources its conditions read', () => {
    const rule = (id: number, condition_ids: number[], start: string | null = null): SelectableRule => ({
      id,
      unique_id: `r${id}`,
      reporting_label: '',
      is_default: false,
      active: true,
      start,
      end: null,
      condition_ids,
    });
    const cold: NamedCondition = {
      id: 1,
      name: 'Cold',
      logic: 'all',
      predicates: [{ field: 'datasource:4', operator: 'lt', value: 5 }],
    };
    const set = compileRuleSet(
      [rule(1, [1]), rule(2, [1]), rule(3, [1], '2026-01-01'), rule(4, [2]), rule(5, [])],
      new Map([[1, cold]]),
    );
    // Rule 2 repeats rule 1; rule 4 names a deleted condition.
    expect(set.candidates).toBe(3);
    expect(set.dataSourceIds).toEqual([4]);
  });
});
