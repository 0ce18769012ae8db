import type { ListLinks, ListMeta } from '@adstudio/contract';
import { type QueryKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiResponse } from './api-client';
import { takeOrGet } from './early-requests';
import { getCollection, getItems } from './get-data';
import { latestList } from './latest-list';
import type { ListQueryParams } from './list-query';

/** A list's query keys: one query's and, for `placeholder: 'latest'`, the prefix of all its queries. */
export interface ListKeys<K extends QueryKey = QueryKey> {
  list: (query: ListQueryParams) => K;
  lists?: () => QueryKey;
}

/** A Laravel collection answer, each item parsed with the contract's schema. */
export interface Collection<T> {
  data: T[];
  links: ListLinks;
  meta: ListMeta;
}

export interface ListBehaviour<L> {
  /**
   * What shows while another query of the list loads: `previous`, the hook's own last answer;
   * `latest`, that or else the list's answer fetched last (a list view remounts on every URL
   * change, losing its previous answer); by default nothing.
   */
  placeholder?: 'previous' | 'latest';
  /** While it answers a number, the list is asked again after that many ms (a running sync, an unpacking). */
  refetchInterval?: (list: L | undefined) => number | false;
  /** Instead of the app's default: 0 asks again on every mount (a history). */
  staleTime?: number;
  /** Asked again when the window gets the focus back (the app's default is not to). */
  refetchOnWindowFocus?: boolean;
}

/** GET `path` with a query, read by `read`: the fetcher, its `queryOptions(query)` and its hook. */
function listEndpoint<K extends QueryKey, L extends object>(
  keys: ListKeys<K>,
  read: (request: Promise<ApiResponse<unknown>>) => Promise<L>,
  path: string,
  { placeholder, refetchInterval, staleTime, refetchOnWindowFocus }: ListBehaviour<L>,
) {
  const get = (query: ListQueryParams = {}): Promise<L> => read(takeOrGet(path, query));
  const options = (query: ListQueryParams = {}) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: () => get(query),
      ...(staleTime === undefined ? {} : { staleTime }),
      ...(refetchOnWindowFocus === undefined ? {} : { refetchOnWindowFocus }),
      ...(refetchInterval && {
        refetchInterval: (current: { state: { data: L | undefined } }) => refetchInterval(current.state.data),
      }),
    });
  /** `enabled` false waits (for the default page size, an open popup). */
  function useList(query: ListQueryParams = {}, enabled = true) {
    const queryClient = useQueryClient();
    const latest = placeholder === 'latest' && keys.lists ? keys.lists() : undefined;
    return useQuery({
      ...options(query),
      enabled,
      ...(placeholder && {
        // TanStack cannot tell that a generic answer is no function; L extends object is none.
        placeholderData: ((previous: L | undefined) =>
          previous ?? (latest ? latestList<L>(queryClient, latest) : undefined)) as never,
      }),
    });
  }
  return { get, queryOptions: options, useList };
}

/**
 * One list endpoint, declared by its api file: `listQuery(campaignKeys, CampaignSchema, '/v1/campaigns/')`
 * gives its fetcher (`GET path` with the list query, the collection parsed with the contract's
 * schema; a route loader's early request when one matches), its `queryOptions(query)` and its hook
 * `useList(query, enabled)`.
 */
export const listQuery = <K extends QueryKey, S extends z.ZodType>(
  keys: ListKeys<K>,
  schema: S,
  path: string,
  behaviour: ListBehaviour<Collection<z.output<S>>> = {},
) =>
  listEndpoint(
    keys,
    (request) => getCollection(schema, request) as Promise<Collection<z.output<S>>>,
    path,
    behaviour,
  );

/** The same for a list the server answers whole, `{data: [...]}` (templates, an item's links or syncs). */
export const wholeListQuery = <K extends QueryKey, S extends z.ZodType>(
  keys: ListKeys<K>,
  schema: S,
  path: string,
  behaviour: ListBehaviour<z.output<S>[]> = {},
) => listEndpoint(keys, (request) => getItems(schema, request), path, behaviour);
