import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { campaignDays, campaignDuration, campaignTimeline } from './campaign-format';

describe('campaignTimeline (spec section 3)', () => {
  it("shows 'start - end' when both dates exist", () => {
    expect(campaignTimeline('2026-01-05', '2026-02-28')).toBe('05/01/2026 - 28/02/2026');
  });

  it('shows the one date there is, DD/MM/YYYY', () => {
    expect(campaignTimeline('2026-03-01', null)).toBe('01/03/2026');
    expect(campaignTimeline(null, '2026-03-31')).toBe('31/03/2026');
  });

  it('is empty without dates', () => {
    expect(campaignTimeline(null, undefined)).toBe('');
  });
});

describe('campaignDuration', () => {
  it('counts whole days between the dates', () => {
    expect(campaignDays('2026-01-01', '2026-01-31')).toBe(30);
    expect(campaignDuration('2026-01-01', '2026-01-31')).toBe('30 days');
  });

  it('does not shift across a daylight-saving change', () => {
    expect(campaignDays('2026-03-01', '2026-04-01')).toBe(31);
    expect(campaignDays('2026-10-01', '2026-11-01')).toBe(31);
  });

  it('says day for one and days otherwise', () => {
    expect(campaignDuration('2026-01-01', '2026-01-02')).toBe('1 days');
    expect(campaignDuration('2026-01-01', '2026-01-01')).toBe('0 days');
  });

  it('is empty when a date is missing or invalid', () => {
    expect(campaignDuration('2026-01-01', null)).toBe('');
    expect(campaignDuration('nonsense', '2026-01-01')).toBe('');
  });
});

describe('campaignDays without dayjs', () => {
  it('counts as dayjs counts, in any time zone', () => {
    const viaDayjs = (a: string, b: string) => dayjs(`${b}T00:00:00`).diff(dayjs(`${a}T00:00:00`), 'day');
    const pairs = [
      ['2026-01-01', '2026-12-31'],
      ['2026-03-28', '2026-03-30'],
      ['2026-10-24', '2026-10-26'],
      ['2026-05-10', '2026-05-01'],
      ['2024-02-28', '2024-03-01'],
      ['2026-02-30', '2026-03-03'],
    ] as const;
    for (const [a, b] of pairs) expect([a, b, campaignDays(a, b)]).toEqual([a, b, viaDayjs(a, b)]);
  });
});
