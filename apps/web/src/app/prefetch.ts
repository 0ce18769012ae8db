import type { Section } from '@adstudio/contract';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { canAccess } from '../lib/access';
import { getUser } from '../lib/auth';
import { type ListRequest, prefetchList } from '../lib/prefetch-list';
import { queryClient } from '../lib/query-client';
import { parseRouteId } from '../lib/route-id';

/**
 * Route loaders that start a page's requests while the guard is still fetching the user, instead of
 * after the page has rendered: the page's queries then find them in flight or done. They return at
 * once, so the page shows its own loading state as before, and they import their api module on
 * demand, so the shell's first load stays small. Without a user yet (a first load) they ask anyway;
 * a 401 is then the guard's to handle (app/session.ts), and a failed request is asked again by the
 * page, as if nothing had been prefetched.
 */
const start = (work: () => Promise<unknown>) => {
  void work().catch(() => {});
  return null;
};

/** A list: its settings and the page its URL names, at once, without its api module (lib/prefetch-list.ts). */
export const prefetchListLoader =
  (list: ListRequest) =>
  ({ request }: LoaderFunctionArgs) => {
    prefetchList(new URL(request.url), list);
    return null;
  };

/** An item page (`:id`) of a section the user may read. */
export const prefetchItemLoader =
  <T, K extends QueryKey>(
    section: Section,
    load: () => Promise<(id: number) => FetchQueryOptions<T, Error, T, K>>,
  ) =>
  ({ params }: LoaderFunctionArgs) => {
    const id = parseRouteId(params.id);
    const user = getUser();
    if (id === null || (user && !canAccess(user, section, 'read'))) return null;
    return start(async () => queryClient.prefetchQuery((await load())(id)));
  };

/** A page whose one request needs nothing from the URL (the dashboard). */
export const prefetchLoader =
  <T, K extends QueryKey>(load: () => Promise<() => FetchQueryOptions<T, Error, T, K>>) =>
  () =>
    start(async () => queryClient.prefetchQuery((await load())()));
