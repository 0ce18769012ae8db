import { describe, expect, it } from 'vitest';
import { parseRouteId, parseTab } from './route-id';

describe('view URL state', () => {
  it('reads the tab, falling back for unknown ones', () => {
    const tabs = ['details', 'history', 'sharing'] as const;
    expect(parseTab('history', tabs, 'details')).toBe('history');
    expect(parseTab('nope', tabs, 'details')).toBe('details');
    expect(parseTab(null, tabs, 'sharing')).toBe('sharing');
  });

  it('takes only ids that can name an item', () => {
    expect(parseRouteId('42')).toBe(42);
    expect(parseRouteId('0')).toBeNull();
    expect(parseRouteId('abc')).toBeNull();
    expect(parseRouteId('-1')).toBeNull();
    expect(parseRouteId('99999999999')).toBeNull();
    expect(parseRouteId(undefined)).toBeNull();
  });
});
