import { WEIGHT_COLUMN_NEEDED } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { splitServerErrors } from '../../lib/form-errors';
import { testCreative } from '../../lib/test-fixtures';
import { CreativeFormSchema, cleanFilterValues, creativeFormValues } from './creative-form-values';

const creative = testCreative({
  width: 728,
  height: 90,
  profile_id: 12,
  rule_filter: { column: 'Region', values: ['North', 'East'] },
});

const parse = (rule_filter: { column: string; values: string[] } | null, profile_id: number | null = 12) =>
  CreativeFormSchema.safeParse({ ...creativeFormValues(creative), profile_id, rule_filter });

describe('creative form values', () => {
  it('starts a new creative as a 300 × 250 without profile or filter, in the given campaign', () => {
    expect(creativeFormValues(undefined, 5)).toEqual({
      campaign_id: 5,
      name: '',
      width: 300,
      height: 250,
      click_url: '',
      profile_id: null,
      rule_filter: { column: '', values: [] },
      rotation: 'rules',
      rotation_weight_column: '',
      rotation_goal: 'clicks',
      holdout_percent: 0,
      click_id_param: 'adstudio_click',
    });
  });

  it('edits a creative’s profile and rule filter, a copy of its values', () => {
    const values = creativeFormValues(creative);
    expect(values).toMatchObject({
      campaign_id: 3,
      click_url: '',
      profile_id: 12,
      rule_filter: { column: 'Region', values: ['North', 'East'] },
    });
    expect(values.rule_filter?.values).not.toBe(creative.rule_filter?.values);
    expect(creativeFormValues({ ...creative, profile_id: null, rule_filter: null })).toMatchObject({
      profile_id: null,
      rule_filter: { column: '', values: [] },
    });
  });

  it('has every key a 422 may name, so its message lands on the field', () => {
    const messages = {
      profile_id: 'The selected profile is invalid.',
      'rule_filter.column': 'The rule filter column field is required.',
      'rule_filter.values': 'Give at least one rule filter value.',
      rotation_weight_column: WEIGHT_COLUMN_NEEDED,
      holdout_percent: 'The holdout may not be greater than 50 %.',
      click_id_param:
        'The click id parameter must be 1–50 letters, digits, dots, dashes, underscores or tildes.',
    };
    for (const values of [creativeFormValues(), creativeFormValues(creative)]) {
      expect(splitServerErrors(messages, values)).toEqual({ fields: Object.entries(messages), rest: [] });
    }
  });

  it('sends a filter only with a column and values; otherwise null, all rules', () => {
    expect(parse({ column: ' Region ', values: ['North'] }).data).toMatchObject({
      profile_id: 12,
      rule_filter: { column: 'Region', values: ['North'] },
    });
    expect(parse({ column: 'Region', values: [] }).data?.rule_filter).toBeNull();
    expect(parse({ column: '  ', values: ['North'] }).data?.rule_filter).toBeNull();
    expect(parse(null).data?.rule_filter).toBeNull();
    expect(parse({ column: '', values: [] }, null).data).toMatchObject({
      profile_id: null,
      rule_filter: null,
    });
  });

  it('checks the filter as the server does, on the field it belongs to', () => {
    const long = parse({ column: 'Region', values: ['North', 'x'.repeat(501)] });
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['rule_filter.values.1']);
    const column = parse({ column: 'c'.repeat(101), values: ['North'] });
    expect(column.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['rule_filter.column']);
  });

  it('edits a creative’s rotation, the weight column as text', () => {
    const weighted = { ...creative, rotation: 'weighted' as const, rotation_weight_column: 'Weight' };
    expect(creativeFormValues(weighted)).toMatchObject({
      rotation: 'weighted',
      rotation_weight_column: 'Weight',
      rotation_goal: 'clicks',
      holdout_percent: 0,
      click_id_param: 'adstudio_click',
    });
  });

  it('sends the rotation fields, a weight column only for weighted rotation', () => {
    const rotate = (changes: Partial<ReturnType<typeof creativeFormValues>>) =>
      CreativeFormSchema.safeParse({ ...creativeFormValues(creative), ...changes });
    expect(
      rotate({
        rotation: 'optimized',
        rotation_goal: 'conversions',
        holdout_percent: 10,
        click_id_param: ' cid ',
      }).data,
    ).toMatchObject({
      rotation: 'optimized',
      rotation_weight_column: null,
      rotation_goal: 'conversions',
      holdout_percent: 10,
      click_id_param: 'cid',
    });
    expect(rotate({ rotation: 'weighted', rotation_weight_column: ' Weight ' }).data).toMatchObject({
      rotation: 'weighted',
      rotation_weight_column: 'Weight',
    });
    expect(
      rotate({ rotation: 'even', rotation_weight_column: 'Weight' }).data?.rotation_weight_column,
    ).toBeNull();
  });

  it('asks weighted rotation for its column, beside other errors, on its field', () => {
    const issues = (changes: Partial<ReturnType<typeof creativeFormValues>>) =>
      CreativeFormSchema.safeParse({ ...creativeFormValues(creative), ...changes }).error?.issues.map(
        (issue) => [issue.path.join('.'), issue.message],
      );
    expect(issues({ rotation: 'weighted', rotation_weight_column: '  ' })).toEqual([
      ['rotation_weight_column', WEIGHT_COLUMN_NEEDED],
    ]);
    expect(issues({ name: '', rotation: 'weighted', holdout_percent: 51, click_id_param: 'a b' })).toEqual([
      ['name', expect.any(String)],
      ['holdout_percent', 'The holdout may not be greater than 50 %.'],
      ['click_id_param', expect.stringContaining('The click id parameter must be')],
      ['rotation_weight_column', WEIGHT_COLUMN_NEEDED],
    ]);
    expect(issues({ holdout_percent: Number.NaN })).toEqual([
      ['holdout_percent', 'The holdout must be a number.'],
    ]);
  });

  it('keeps typed values trimmed, once each', () => {
    expect(cleanFilterValues([' North', 'North ', '', '  ', 'East'])).toEqual(['North', 'East']);
  });
});
