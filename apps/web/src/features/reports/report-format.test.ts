import { describe, expect, it } from 'vitest';
import { chartDayLabel, partialDayOf, todayUtc } from './report-format';

describe('the chart’s partial day', () => {
  const days = [{ day: '2026-11-26' }, { day: '2026-11-27' }];

  it('is today when the chart ends on today (UTC), else none', () => {
    expect(todayUtc(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-27');
    expect(partialDayOf(days, '2026-11-27')).toBe('2026-11-27');
    expect(partialDayOf(days, '2026-11-28')).toBeUndefined();
    expect(partialDayOf([], '2026-11-27')).toBeUndefined();
  });

  it('says "so far" on that day only, on the axis and in the tooltip', () => {
    expect(chartDayLabel('2026-11-27', 'tick', '2026-11-27')).toBe('27/11 (so far)');
    expect(chartDayLabel('2026-11-27', 'tooltip', '2026-11-27')).toBe('27/11/2026 (so far)');
    expect(chartDayLabel('2026-11-26', 'tooltip', '2026-11-27')).toBe('26/11/2026');
    expect(chartDayLabel('2026-11-26', 'tick')).toBe('26/11');
  });
});
