import { describe, expect, it } from 'vitest';
import { fieldLabel, formatChangeValue } from './history-format';

describe('formatChangeValue (history)', () => {
  it('shows dates DD/MM/YYYY, ranges as spans and nothing as a dash', () => {
    expect(formatChangeValue('2026-05-04')).toBe('04/05/2026');
    expect(formatChangeValue(null)).toBe('—');
    expect(formatChangeValue([])).toBe('—');
    expect(
      formatChangeValue([
        { start: '2026-01-01', end: '2026-01-10' },
        { start: '2026-02-01', end: '2026-02-10' },
      ]),
    ).toBe('01/01/2026 - 10/01/2026, 01/02/2026 - 10/02/2026');
    expect(formatChangeValue('live')).toBe('live');
    expect(formatChangeValue(12)).toBe('12');
  });

  it('labels fields for people', () => {
    expect(fieldLabel('name')).toBe('Name');
    expect(fieldLabel('launch_date', { launch_date: 'Launch date' })).toBe('Launch date');
    expect(fieldLabel('some_field')).toBe('some field');
  });
});
