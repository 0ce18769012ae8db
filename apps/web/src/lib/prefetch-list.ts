import type { Section } from '@adstudio/contract';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { canAccess } from './access';
import { getUser } from './auth';
import type { ListQueryParams } from './list-query';
import { FALLBACK_PAGE_SIZE, type ListStateConfig, parseListState, toListQuery } from './list-state';
import { queryClient } from './query-client';
import { likelyPageSize, userSettingsQueryOptions } from './user-settings';

/**
 * Starts a list's requests from its route loader, while the guard fetches the user: the settings
 * (default page size) and the page the URL names, as the list page will ask for it, so the page's
 * queries find them in flight instead of starting one after another. Without a signed-in user yet
 * (the first load) it asks anyway; a 401 then is the guard's to handle (app/session.ts).
 */
export function prefetchList<S extends string, T, K extends QueryKey>(
  url: URL,
  section: Section,
  config: ListStateConfig<S>,
  listQuery: (query: ListQueryParams) => FetchQueryOptions<T, Error, T, K>,
): void {
  const user = getUser();
  if (user && !canAccess(user, section, 'read')) return;
  void queryClient.prefetchQuery(userSettingsQueryOptions());
  const state = parseListState(url.searchParams, config);
  void queryClient.prefetchQuery(listQuery(toListQuery(state, likelyPageSize(FALLBACK_PAGE_SIZE))));
}
