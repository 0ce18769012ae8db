import { type BulkResult, BulkResultSchema, type HistoryEntry, HistoryEntrySchema } from '@adstudio/contract';
import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';
import { getData, getItems } from './get-data';
import { type Collection, type ListBehaviour, listQuery } from './list-api';
import { type ResourceKeys, resourceKeys } from './resource-keys';
import { useItemMutation, useItemsMutation } from './resource-mutations';

/** What a resource's writes send, as types only (the server checks them; no schema is shipped for it). */
export interface ResourceBodies {
  create?: unknown;
  update?: unknown;
  bulk?: { ids: number[] };
}

/** A write whose callers show its failure themselves (a form's fields, a delete dialog) raises no alert. */
type Write = 'create' | 'update' | 'remove';

export interface ResourceConfig<T> {
  /** The item as the server answers it (the contract's schema). */
  item: z.ZodType<T>;
  /**
   * Its query keys, when they are not `resourceKeys(<the path's last segment>)`: another name, or
   * keys a route loader reads without the schemas.
   */
  keys?: ResourceKeys;
  /** How the resource's own list behaves (lib/list-api.ts). */
  list?: ListBehaviour<Collection<T>>;
  /** The writes whose callers show their failures themselves, unless a hook is told otherwise. */
  quiet?: readonly Write[];
  /** Where the audit entries are read: with the item (`?include=history`, the default) or at path/{id}/history. */
  history?: 'include' | 'path';
  /** The method of path/{id}/restore: POST, or a state-changing GET where the server has one (assets). */
  restoreMethod?: 'POST' | 'GET';
  /**
   * Other sections' queries whose answers its writes change (a condition's name decides which of a
   * feed's rows a sync takes in): every write marks them stale.
   */
  affects?: readonly QueryKey[];
}

interface WriteOptions {
  /** `false` when the caller shows the failure itself (a form's inline conflict). */
  alertOnError?: boolean;
}

/**
 * A resource's REST endpoints under `path` (`/v1/campaigns`), declared once in `src/api/`: its query
 * keys, fetchers parsed with the contract's schema, their `queryOptions` and hooks. Writes that
 * answer the item put it in the cache and refresh the lists; deletes and bulk actions mark the
 * touched items stale (lib/resource-mutations.ts). `resourceApi<Campaign, {create: CampaignCreate, …}>`.
 */
export function resourceApi<T extends { id: number }, W extends ResourceBodies = ResourceBodies>(
  path: string,
  config: ResourceConfig<T>,
) {
  const { item: schema, quiet = [], restoreMethod = 'POST', affects } = config;
  const keys = config.keys ?? resourceKeys(path.slice(path.lastIndexOf('/') + 1));
  const alerts = (write: Write, options: WriteOptions) => ({
    alertOnError: options.alertOnError ?? !quiet.includes(write),
    affects,
  });
  const itemUrl = (id: number, what = '') => `${path}/${id}${what}`;

  /** GET path/{id}; `history` adds the audit entries (newest first). */
  const get = (id: number, options: { history?: boolean } = {}): Promise<T> =>
    getData(schema, api.get(itemUrl(id), { params: options.history ? { include: 'history' } : undefined }));
  const itemQueryOptions = (id: number) =>
    queryOptions({ queryKey: keys.detail(id), queryFn: () => get(id) });
  const history = async (id: number): Promise<HistoryEntry[]> =>
    config.history === 'path'
      ? getItems(HistoryEntrySchema, api.get(itemUrl(id, '/history')))
      : (((await get(id, { history: true })) as { history?: HistoryEntry[] | null }).history ?? []);
  /** Asked again on every visit. */
  const historyQueryOptions = (id: number) =>
    queryOptions({ queryKey: keys.history(id), queryFn: () => history(id), staleTime: 0 });

  /** Another reading of the list under the same keys (a picker's, without the list page's placeholder). */
  const listing = (behaviour: ListBehaviour<Collection<T>> = {}) =>
    listQuery(keys, schema, `${path}/`, behaviour);
  const list = listing(config.list);

  const create = (body: W['create']): Promise<T> => getData(schema, api.post(path, body));
  const update = ({ id, body }: { id: number; body: W['update'] }): Promise<T> =>
    getData(schema, api.put(itemUrl(id), body));
  const remove = async (id: number): Promise<void> => {
    await api.delete(itemUrl(id));
  };
  /** POST (or GET) path/{id}/restore → the item, back in the list. */
  const restore = (id: number): Promise<T> =>
    getData(
      schema,
      restoreMethod === 'GET' ? api.get(itemUrl(id, '/restore')) : api.post(itemUrl(id, '/restore')),
    );
  /** POST path/{id}/clone → 201, a draft named "… (copy)". */
  const clone = (id: number): Promise<T> => getData(schema, api.post(itemUrl(id, '/clone')));
  /** POST path/bulk → per item, what was done or why it was refused. */
  const bulk = (body: NonNullable<W['bulk']>): Promise<BulkResult[]> =>
    getItems(BulkResultSchema, api.post(`${path}/bulk`, body));

  return {
    keys,
    path,
    get,
    itemQueryOptions,
    useItem: (id: number, enabled = true) => useQuery({ ...itemQueryOptions(id), enabled }),
    history,
    historyQueryOptions,
    useHistory: (id: number) => useQuery(historyQueryOptions(id)),
    list: list.get,
    listQueryOptions: list.queryOptions,
    useList: list.useList,
    listing,
    create,
    useCreate: (options: WriteOptions = {}) => useItemMutation(keys, create, alerts('create', options)),
    update,
    useUpdate: (options: WriteOptions = {}) => useItemMutation(keys, update, alerts('update', options)),
    remove,
    useRemove: (options: WriteOptions = {}) =>
      useItemsMutation(keys, remove, (id) => [id], alerts('remove', options)),
    restore,
    useRestore: () => useItemMutation(keys, restore, { affects }),
    clone,
    useClone: () => useItemMutation(keys, clone, { affects }),
    bulk,
    useBulk: () => useItemsMutation(keys, bulk, (body) => body.ids, { affects }),
  };
}
