import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { setUser } from './auth';
import type { ListQueryParams } from './list-query';
import { prefetchList } from './prefetch-list';
import { queryClient } from './query-client';
import { PAGE_SIZE_HINT_KEY, userSettingsQueryOptions } from './user-settings';

const config = { sorts: ['name', 'status'] as const, extras: { campaign_id: /^\d+$/ } };
const user = (permissions: string[]) => ({
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  company_id: 1,
  roles: [],
  permissions,
});

/** Records the list queries asked for; the settings answer 404 unless cached. */
function setUp() {
  const asked: ListQueryParams[] = [];
  const settings: string[] = [];
  api.defaults.transport = async (request) => {
    settings.push(request.url);
    return { status: 404, statusText: '', data: {}, headers: {} };
  };
  const listQuery = (query: ListQueryParams) => ({
    queryKey: ['things', 'list', query] as const,
    queryFn: async () => {
      asked.push(query);
      return [];
    },
  });
  return { asked, settings, listQuery };
}

describe('a list prefetched from its route loader', () => {
  const transport = api.defaults.transport;
  afterEach(() => {
    api.defaults.transport = transport;
    queryClient.clear();
    localStorage.clear();
    setUser(null);
  });

  it('asks for the settings and for the page the URL names, with the page size the settings hold', async () => {
    const { asked, settings, listQuery } = setUp();
    queryClient.setQueryData(userSettingsQueryOptions().queryKey, { items_per_page: 50 });
    prefetchList(
      new URL('http://x.test/things?page=2&sort-by=name&campaign_id=7&junk=1'),
      'campaigns',
      config,
      listQuery,
    );
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ page: 2, 'sort-by': 'name', 'items-per-page': 50, campaign_id: '7' });
    expect(settings).toEqual([]);
  });

  it('guesses the page size from the last one seen, else 25, while the settings are asked for', async () => {
    const { asked, settings, listQuery } = setUp();
    localStorage.setItem(PAGE_SIZE_HINT_KEY, '100');
    prefetchList(new URL('http://x.test/things'), 'campaigns', config, listQuery);
    localStorage.clear();
    prefetchList(new URL('http://x.test/things?status=live'), 'campaigns', config, listQuery);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked).toEqual([
      { page: 1, 'items-per-page': 100 },
      { page: 1, 'items-per-page': 25, status: 'live' },
    ]);
    expect(settings).toEqual(['/v1/user/settings']);
  });

  it('asks for nothing in a section the signed-in user may not read', async () => {
    const { asked, settings, listQuery } = setUp();
    setUser(user(['edit creatives']));
    prefetchList(new URL('http://x.test/things'), 'campaigns', config, listQuery);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([asked, settings]).toEqual([[], []]);
    setUser(user(['edit campaigns']));
    prefetchList(new URL('http://x.test/things'), 'campaigns', config, listQuery);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
  });
});
