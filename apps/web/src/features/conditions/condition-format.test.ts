import { type Condition, ConditionCreateSchema } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import {
  conditionBody,
  conditionFormValues,
  conditionSummary,
  fieldChoice,
  operatorsFor,
  reshapeValue,
  usedByText,
  valueInputOf,
  withField,
  withOperator,
} from './condition-format';

const condition = (changes: Partial<Condition> = {}): Condition => ({
  id: 4,
  name: 'Weekend in Benelux',
  logic: 'all',
  predicates: [
    { field: 'country', operator: 'in', value: ['FR', 'BE'] },
    { field: 'weekday', operator: 'in', value: ['sat', 'sun'] },
  ],
  used_by: [],
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  deleted_at: null,
  ...changes,
});

describe('expression summary', () => {
  it('reads all / any of the predicates as a sentence', () => {
    expect(conditionSummary(condition())).toBe(
      'all of: country is one of FR, BE; weekday is one of sat, sun',
    );
    expect(conditionSummary(condition({ logic: 'any' }))).toMatch(/^any of: /);
  });

  it('reads one predicate alone, with between as a pair and dates as DD/MM/YYYY', () => {
    expect(
      conditionSummary({
        logic: 'all',
        predicates: [{ field: 'date', operator: 'between', value: ['2026-12-01', '2026-12-24'] }],
      }),
    ).toBe('date is between 01/12/2026 and 24/12/2026');
    expect(
      conditionSummary({ logic: 'any', predicates: [{ field: 'time', operator: 'lt', value: '09:00' }] }),
    ).toBe('time is before 09:00');
  });

  it('names query parameters and data sources', () => {
    const names = new Map([[3, 'Weather Paris']]);
    expect(
      conditionSummary(
        {
          logic: 'all',
          predicates: [
            { field: 'param:zip', operator: 'starts_with', value: '75' },
            { field: 'datasource:3', operator: 'gt', value: '20' },
            { field: 'datasource:9', operator: 'eq', value: 'on' },
          ],
        },
        names,
      ),
    ).toBe('all of: parameter zip starts with 75; Weather Paris is more than 20; data source #9 is on');
  });

  it('says where a condition is used', () => {
    expect(usedByText([])).toBe('Not used');
    expect(
      usedByText([
        { profile_id: 1, profile_name: 'A', rules: 1200 },
        { profile_id: 2, profile_name: 'B', rules: 3 },
        { profile_id: 3, profile_name: 'C', rules: 1 },
      ]),
    ).toBe('3 profiles · 1,204 rules');
    expect(usedByText([{ profile_id: 1, profile_name: 'A', rules: 1 }])).toBe('1 profile · 1 rule');
  });
});

describe('field, operator and value inputs', () => {
  it('tells the field select which choice a field is', () => {
    expect(fieldChoice('country')).toBe('country');
    expect(fieldChoice('param:zip')).toBe('param');
    expect(fieldChoice('param:')).toBe('param');
    expect(fieldChoice('datasource:3')).toBe('datasource');
    expect(fieldChoice('')).toBe('');
  });

  it('offers only the operators of the field’s kind', () => {
    expect(operatorsFor('time')).toEqual(['lt', 'lte', 'gt', 'gte', 'between']);
    expect(operatorsFor('weekday')).toEqual(['eq', 'neq', 'in', 'not_in']);
    expect(operatorsFor('param:zip')).toContain('between');
    expect(operatorsFor('region')).toContain('contains');
  });

  it('chooses the input by kind and the number of values by operator', () => {
    expect(valueInputOf('date', 'between')).toEqual({ kind: 'date', shape: 'range' });
    expect(valueInputOf('country', 'in')).toEqual({ kind: 'country', shape: 'list' });
    expect(valueInputOf('country', 'eq')).toEqual({ kind: 'country', shape: 'one' });
    expect(valueInputOf('city', 'not_in')).toEqual({ kind: 'text', shape: 'list' });
    expect(valueInputOf('datasource:3', 'gte')).toEqual({ kind: 'any', shape: 'one' });
  });

  it('keeps what fits when the operator changes', () => {
    expect(reshapeValue('FR', 'in')).toEqual(['FR']);
    expect(reshapeValue(['FR', 'BE'], 'eq')).toBe('FR');
    expect(reshapeValue(['09:00'], 'between')).toEqual(['09:00', '']);
    expect(reshapeValue('', 'not_in')).toEqual([]);
    expect(withOperator({ field: 'country', operator: 'eq', value: 'FR' }, 'not_in')).toEqual({
      field: 'country',
      operator: 'not_in',
      value: ['FR'],
    });
  });

  it('keeps the operator and value across fields of one kind, else starts over', () => {
    expect(withField({ field: 'region', operator: 'contains', value: 'Paris' }, 'city')).toEqual({
      field: 'city',
      operator: 'contains',
      value: 'Paris',
    });
    expect(withField({ field: 'country', operator: 'in', value: ['FR'] }, 'time')).toEqual({
      field: 'time',
      operator: 'lt',
      value: '',
    });
    expect(withField({ field: '', operator: 'eq', value: '' }, 'weekday')).toEqual({
      field: 'weekday',
      operator: 'eq',
      value: '',
    });
  });
});

describe('form values and the API body', () => {
  it('starts a new condition with one empty predicate', () => {
    expect(conditionFormValues()).toEqual({
      name: '',
      logic: 'all',
      predicates: [{ field: '', operator: 'eq', value: '' }],
    });
  });

  it('loads values as text and sends them trimmed', () => {
    const values = conditionFormValues(
      condition({ predicates: [{ field: 'param:age', operator: 'between', value: [18, 30] }] }),
    );
    expect(values.predicates[0]?.value).toEqual(['18', '30']);
    expect(
      conditionBody({
        name: ' Big cities ',
        logic: 'any',
        predicates: [{ field: 'city', operator: 'in', value: [' Paris', 'Lyon '] }],
      }),
    ).toEqual({
      name: 'Big cities',
      logic: 'any',
      predicates: [{ field: 'city', operator: 'in', value: ['Paris', 'Lyon'] }],
    });
  });

  it('is checked by the contract as the server checks it, message on the value', () => {
    const result = ConditionCreateSchema.safeParse({
      name: 'Office hours',
      logic: 'all',
      predicates: [{ field: 'time', operator: 'between', value: ['18:00', '09:00'] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['predicates.0.value', 'The first value of between must not be after the second.'],
    ]);
  });
});
