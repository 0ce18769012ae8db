import { describe, expect, it } from 'vitest';
import { nextRun } from './profile-schedule';

const at = (iso: string) => new Date(iso);

describe('nextRun', () => {
  it('runs hourly on the next full hour', () => {
    expect(nextRun('hourly', at('2026-11-21T10:15:30Z'))?.toISOString()).toBe('2026-11-21T11:00:00.000Z');
    expect(nextRun('hourly', at('2026-11-21T23:00:00Z'))?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('runs every N hours N hours on', () => {
    expect(nextRun('every 6 hours', at('2026-11-21T10:15:00Z'))?.toISOString()).toBe(
      '2026-11-21T16:15:00.000Z',
    );
    expect(nextRun('every 24 hours', at('2026-11-21T10:15:00Z'))?.toISOString()).toBe(
      '2026-11-22T10:15:00.000Z',
    );
  });

  it('runs daily at the next such time of day (UTC), tomorrow once it has passed', () => {
    expect(nextRun('daily at 06:30', at('2026-11-21T05:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T06:30:00.000Z',
    );
    expect(nextRun('daily at 06:30', at('2026-11-21T06:30:00Z'))?.toISOString()).toBe(
      '2026-11-22T06:30:00.000Z',
    );
    expect(nextRun('daily at 23:59', at('2026-12-31T23:59:30Z'))?.toISOString()).toBe(
      '2027-01-01T23:59:00.000Z',
    );
  });

  it('refuses what is not a schedule', () => {
    expect(nextRun('weekly', at('2026-11-21T05:00:00Z'))).toBeNull();
    expect(nextRun('every 25 hours', at('2026-11-21T05:00:00Z'))).toBeNull();
    expect(nextRun('daily at 24:00', at('2026-11-21T05:00:00Z'))).toBeNull();
  });
});
