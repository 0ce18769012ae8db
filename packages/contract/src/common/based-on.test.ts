import { describe, expect, it } from 'vitest';
import { CampaignUpdateSchema } from '../campaigns/campaign';
import { ifMatchValue, UpdatedAtSchema } from './based-on';

describe('ifMatchValue', () => {
  it.each([
    ['2026-01-01T10:00:00.123Z', '2026-01-01T10:00:00.123Z'],
    ['"2026-01-01T10:00:00.123Z"', '2026-01-01T10:00:00.123Z'],
    ['W/"2026-01-01T10:00:00.123Z"', '2026-01-01T10:00:00.123Z'],
    ['  "2026-01-01T10:00:00.123Z" ', '2026-01-01T10:00:00.123Z'],
    [['"2026-01-01T10:00:00.123Z"'], '2026-01-01T10:00:00.123Z'],
    ['*', '*'],
    ['', undefined],
    [undefined, undefined],
  ])('reads %j as %j', (header, expected) => {
    expect(ifMatchValue(header)).toBe(expected);
  });
});

describe('updated_at', () => {
  it('is an ISO-8601 timestamp, as the API answers it', () => {
    expect(UpdatedAtSchema.safeParse('2026-01-01T10:00:00.123Z').success).toBe(true);
    expect(UpdatedAtSchema.safeParse('2026-01-01T11:00:00+01:00').success).toBe(true);
    for (const bad of ['2026-01-01', 'yesterday', '*', 1767261600000]) {
      expect(UpdatedAtSchema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe(
        'The updated at must be a valid date and time (ISO 8601).',
      );
    }
  });

  it('travels with an update, and may be left out (a status move does not need it)', () => {
    expect(CampaignUpdateSchema.parse({ url: '', updated_at: '2026-01-01T10:00:00.123Z' })).toEqual({
      url: null,
      updated_at: '2026-01-01T10:00:00.123Z',
    });
    expect(CampaignUpdateSchema.parse({ status: 'testing' }).updated_at).toBeUndefined();
  });
});
