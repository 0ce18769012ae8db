import { describe, expect, it } from 'vitest';
import { parseCampaignId, parseTab, parseTimeframe } from './view-state';

describe('campaign view URL state', () => {
  it('reads the tab, falling back for unknown ones', () => {
    expect(parseTab('history', 'details')).toBe('history');
    expect(parseTab('nope', 'details')).toBe('details');
    expect(parseTab(null, 'sharing')).toBe('sharing');
  });

  it('reads the report timeframe of viewreport/:start/:end', () => {
    expect(parseTimeframe('2026-01-01', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(parseTimeframe('2026-01-31', '2026-01-01')).toBeNull();
    expect(parseTimeframe('2026-13-45', '2026-12-31')).toBeNull();
    expect(parseTimeframe('yesterday', undefined)).toBeNull();
  });

  it('takes only ids that can name a campaign', () => {
    expect(parseCampaignId('42')).toBe(42);
    expect(parseCampaignId('0')).toBeNull();
    expect(parseCampaignId('abc')).toBeNull();
    expect(parseCampaignId('99999999999')).toBeNull();
  });
});
