import { afterEach, describe, expect, it } from 'vitest';
import { setUser } from './auth';
import { clearEarlyRequests, takeEarly } from './early-requests';
import type { ListQueryParams } from './list-query';
import { PAGE_SIZE_HINT_KEY, userSettingsKey } from './page-size-hint';
import { prefetchList } from './prefetch-list';
import { queryClient } from './query-client';
import { restoreApi, stubApi } from './stub-api';
import { testUser } from './test-fixtures';

const list = {
  section: 'campaigns' as const,
  path: '/v1/things/',
  extras: { campaign_id: /^\d+$/ },
  listKey: (query: ListQueryParams) => ['things', 'list', query] as const,
};

describe('a list prefetched from its route loader', () => {
  afterEach(() => {
    restoreApi();
    clearEarlyRequests();
    queryClient.clear();
    localStorage.clear();
    setUser(null);
  });

  it('asks at once for the page the URL names, with the page size the cached settings hold', () => {
    const asked = stubApi();
    queryClient.setQueryData(userSettingsKey, { items_per_page: 50 });
    prefetchList(new URL('http://x.test/things?page=2&sort-by=name&campaign_id=7&junk=1'), list);
    expect(asked).toEqual(['/v1/things/?page=2&sort-by=name&items-per-page=50&campaign_id=7']);
    expect(
      takeEarly('/v1/things/', { page: 2, 'sort-by': 'name', 'items-per-page': 50, campaign_id: '7' }),
    ).toBeDefined();
  });

  it('guesses the page size from the last one seen, else 25, while the settings are asked for', () => {
    const asked = stubApi();
    localStorage.setItem(PAGE_SIZE_HINT_KEY, '100');
    prefetchList(new URL('http://x.test/things'), list);
    localStorage.clear();
    prefetchList(new URL('http://x.test/things?status=live'), list);
    expect(asked).toEqual([
      '/v1/user/settings',
      '/v1/things/?page=1&items-per-page=100',
      '/v1/things/?page=1&items-per-page=25&status=live',
    ]);
  });

  it('passes on a sort that looks like a column (the page checks it) and leaves out any other', () => {
    const asked = stubApi();
    queryClient.setQueryData(userSettingsKey, { items_per_page: 25 });
    prefetchList(new URL('http://x.test/things?sort-by=launch_date&sort-order=desc'), list);
    prefetchList(new URL('http://x.test/things?sort-by=Name%3B1'), list);
    expect(asked).toEqual([
      '/v1/things/?page=1&sort-by=launch_date&sort-order=desc&items-per-page=25',
      '/v1/things/?page=1&items-per-page=25',
    ]);
  });

  it('leaves out what the cache holds fresh', () => {
    const asked = stubApi();
    queryClient.setQueryData(userSettingsKey, { items_per_page: 25 });
    queryClient.setQueryData(list.listKey({ page: 1, 'items-per-page': 25 }), []);
    prefetchList(new URL('http://x.test/things'), list);
    expect(asked).toEqual([]);
  });

  it('asks for nothing in a section the signed-in user may not read', () => {
    const asked = stubApi();
    setUser(testUser(['edit creatives']));
    prefetchList(new URL('http://x.test/things'), list);
    expect(asked).toEqual([]);
    setUser(testUser(['edit campaigns']));
    prefetchList(new URL('http://x.test/things'), list);
    expect(asked).toEqual(['/v1/user/settings', '/v1/things/?page=1&items-per-page=25']);
  });
});
