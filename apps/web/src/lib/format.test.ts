import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('date display DD/MM/YYYY (spec section 9)', () => {
  it('formats calendar dates without shifting the day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });
  it('formats timestamps', () => {
    expect(formatDate('2026-07-04T10:00:00')).toBe('04/07/2026');
    expect(formatDateTime('2026-07-04T10:05:00')).toBe('04/07/2026 10:05');
  });
  it('is empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
