import { describe, expect, it } from 'vitest';
import { parseTimeframe } from './timeframe';

describe('campaign view URL state', () => {
  it('reads the report timeframe of viewreport/:start/:end', () => {
    expect(parseTimeframe('2026-01-01', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(parseTimeframe('2026-01-31', '2026-01-01')).toBeNull();
    expect(parseTimeframe('2026-13-45', '2026-12-31')).toBeNull();
    expect(parseTimeframe('yesterday', undefined)).toBeNull();
  });
});
