import type { Section } from '@adstudio/contract';
import type { QueryKey } from '@tanstack/react-query';
import { canAccess } from './access';
import { getUser } from './auth';
import { startEarly } from './early-requests';
import type { ListQueryParams } from './list-query';
import { FALLBACK_PAGE_SIZE, type ListStateConfig, parseListState, toListQuery } from './list-state';
import {
  likelyPageSize,
  USER_SETTINGS_PATH,
  USER_SETTINGS_STALE_MS,
  userSettingsKey,
} from './page-size-hint';
import { queryClient } from './query-client';

/** What a route loader needs to know of a list to ask for its page: no schema, so no zod. */
export interface ListRequest {
  section: Section;
  /** The list's GET path, as its api file asks for it. */
  path: string;
  /** The list's own filters (ListStateConfig). */
  extras?: ListStateConfig['extras'];
  listKey: (query: ListQueryParams) => QueryKey;
}

/**
 * The sort the URL names, if it looks like a column. Which columns a list sorts by the contract
 * says, next to its schemas, which the first load does not carry: a sort the list does not know
 * costs one request that its page does not take.
 */
function sortOf(params: URLSearchParams): string[] {
  const sort = params.get('sort-by');
  return sort && /^[a-z_]+$/.test(sort) ? [sort] : [];
}

/** The query would fetch on mount: not cached, or stale and not already being fetched. */
function wanted(queryKey: QueryKey, staleTime: number): boolean {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  return !query || (query.state.fetchStatus === 'idle' && query.isStaleByTime(staleTime));
}

/**
 * Starts a list's requests from its route loader, together with the guard's user request: the
 * settings (default page size) and the page the URL names, as the list page will ask for it. They
 * go out as early requests (lib/early-requests.ts) that the page's queries take and parse, so
 * neither waits for the api module to load. Without a signed-in user yet (the first load) it asks
 * anyway; a 401 then is the guard's to handle (app/session.ts).
 */
export function prefetchList(url: URL, list: ListRequest): void {
  const user = getUser();
  if (user && !canAccess(user, list.section, 'read')) return;
  if (wanted(userSettingsKey, USER_SETTINGS_STALE_MS)) startEarly(USER_SETTINGS_PATH);
  const config = { sorts: sortOf(url.searchParams), extras: list.extras };
  const query = toListQuery(parseListState(url.searchParams, config), likelyPageSize(FALLBACK_PAGE_SIZE));
  const staleTime = queryClient.getDefaultOptions().queries?.staleTime;
  if (wanted(list.listKey(query), typeof staleTime === 'number' ? staleTime : 0))
    startEarly(list.path, query);
}
