import { REPORT_DAYS_MAX } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { addDays, reportDays } from './reports.service';

const bounds = { start: '2026-03-01', end: '2026-03-31' };

describe('reportDays', () => {
  it('shows the bounds up to today by default', () => {
    expect(reportDays(bounds, {}, '2026-03-10')).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    expect(reportDays(bounds, {}, '2026-05-01')).toEqual(bounds);
    // A campaign not started yet shows its first day, not an empty range.
    expect(reportDays(bounds, {}, '2026-01-01')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
  });

  it('clamps asked days into the bounds', () => {
    expect(reportDays(bounds, { start: '2026-02-01', end: '2026-04-30' }, '2026-05-01')).toEqual(bounds);
    expect(reportDays(bounds, { start: '2026-03-05', end: '2026-03-06' }, '2026-05-01')).toEqual({
      start: '2026-03-05',
      end: '2026-03-06',
    });
    // Wholly outside: the nearest edge, never a day outside.
    expect(reportDays(bounds, { start: '2026-05-01', end: '2026-05-02' }, '2026-05-01')).toEqual({
      start: '2026-03-31',
      end: '2026-03-31',
    });
  });

  it(`shows at most ${REPORT_DAYS_MAX} days, the latest`, () => {
    const wide = { start: '2020-01-01', end: '2026-12-31' };
    const days = reportDays(wide, {}, '2027-01-01');
    expect(days.end).toBe('2026-12-31');
    expect(addDays(days.start, REPORT_DAYS_MAX - 1)).toBe(days.end);
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
