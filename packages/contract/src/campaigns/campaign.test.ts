import { describe, expect, it } from 'vitest';
import { CampaignCreateSchema, CampaignUpdateSchema, campaignDateIssues, DateRangeSchema } from './campaign';
import { CampaignListQuerySchema } from './list-query';

describe('CampaignCreateSchema (also the SPA form schema)', () => {
  it('turns empty optional inputs into null and trims the name', () => {
    expect(
      CampaignCreateSchema.parse({ name: ' Spring ', url: '', launch_date: '', end_date: null }),
    ).toEqual({
      name: 'Spring',
      url: null,
      launch_date: null,
      end_date: null,
      ranges: [],
    });
  });

  it('reports cross-field issues on the field a form shows them next to', () => {
    const result = CampaignCreateSchema.safeParse({
      name: 'x',
      launch_date: '2026-01-10',
      end_date: '2026-01-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['end_date', 'The end date must not be before the launch date.'],
    ]);
  });
});

describe('CampaignUpdateSchema', () => {
  it('leaves fields that were not sent undefined, so they are not cleared', () => {
    const parsed = CampaignUpdateSchema.parse({ status: 'testing' });
    expect(parsed.status).toBe('testing');
    expect(parsed.url).toBeUndefined();
    expect(parsed.launch_date).toBeUndefined();
    expect(parsed.ranges).toBeUndefined();
  });
});

describe('campaignDateIssues', () => {
  it('accepts touching but not overlapping ranges inside the campaign', () => {
    expect(
      campaignDateIssues({
        launch_date: '2026-01-01',
        end_date: '2026-01-31',
        ranges: [
          { start: '2026-01-01', end: '2026-01-10' },
          { start: '2026-01-11', end: '2026-01-31' },
        ],
      }),
    ).toEqual([]);
  });

  it('finds overlaps whatever the order of the ranges', () => {
    const issues = campaignDateIssues({
      ranges: [
        { start: '2026-02-05', end: '2026-02-20' },
        { start: '2026-01-01', end: '2026-02-05' },
      ],
    });
    expect(issues).toEqual([{ path: ['ranges', 1, 'start'], message: 'The range overlaps range 1.' }]);
  });

  it('checks open-ended campaigns only against the date they have', () => {
    expect(
      campaignDateIssues({ launch_date: '2026-03-01', ranges: [{ start: '2026-02-01', end: '2026-12-31' }] }),
    ).toEqual([
      { path: ['ranges', 0, 'start'], message: 'The range must not start before the launch date.' },
    ]);
  });
});

describe('CampaignListQuerySchema', () => {
  it('keeps the shared defaults and accepts only campaign sort columns', () => {
    expect(CampaignListQuerySchema.parse({})).toEqual({ page: 1, 'items-per-page': 25 });
    expect(CampaignListQuerySchema.parse({ 'sort-by': 'launch_date' })['sort-by']).toBe('launch_date');
    expect(CampaignListQuerySchema.parse({ 'sort-by': 'duration' })['sort-by']).toBe('duration');
    expect(CampaignListQuerySchema.safeParse({ 'sort-by': 'url' }).success).toBe(false);
  });
});

describe('date messages', () => {
  it('calls an empty range end "required" and a malformed one by its format', () => {
    const empty = DateRangeSchema.safeParse({ start: '2026-01-01', end: '' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['The range end field is required.']);
    const malformed = DateRangeSchema.safeParse({ start: '01/02/2026', end: '2026-01-03' });
    expect(malformed.error?.issues.map((i) => i.message)).toEqual([
      'The range start must be a valid date (YYYY-MM-DD).',
    ]);
  });
});
