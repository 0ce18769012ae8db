import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';
import { getData } from './get-data';
import { useInvalidatingMutation } from './invalidating-mutation';
import { type ListBehaviour, wholeListQuery } from './list-api';

/** What a nested resource's writes send, as types only (the server checks them). */
export interface NestedBodies {
  create?: unknown;
  update?: unknown;
}

/** A write whose callers show its failure themselves raises no alert. */
type Write = 'create' | 'update' | 'remove';

export interface NestedConfig<T, L> {
  /** The item as a write answers it (the contract's schema). */
  item: z.ZodType<T>;
  /** A row of the list, when the list answers other fields than the writes (a tag's figures). */
  listItem?: z.ZodType<L>;
  /** The name its query keys start with, when it is not the path's last segment. */
  name?: string;
  /** Where one parent's list is cached, when it sits under the parent's own keys (a campaign's links). */
  listKey?: (parentId: number) => QueryKey;
  /** How one parent's list behaves (lib/list-api.ts). */
  list?: ListBehaviour<L[]>;
  /** The writes whose callers show their failures themselves. */
  quiet?: readonly Write[];
  /**
   * The writes' answers go into the cached list before it is asked again (a new one first, an
   * updated one in its place): for lists whose rows are what the writes answer.
   */
  keepAnswers?: boolean;
}

/** Which parent's item a write touches: `parentId` is the item of the path's parent (a creative). */
export interface Parent {
  parentId: number;
}

/**
 * A resource under another's item, `/v1/creatives/{id}/tags`, declared once in `src/api/`: one
 * parent's list (answered whole, `{data: [...]}`), create, update and delete, parsed with the
 * contract's schema, and their hooks. Every write reads that parent's list again;
 * `nestedResourceApi<Package, {create: PackageCreate; update: PackageUpdate}>('/v1/creatives', 'packages', …)`.
 */
export function nestedResourceApi<
  T extends { id: number },
  W extends NestedBodies = NestedBodies,
  L extends object = T,
>(parent: string, child: string, config: NestedConfig<T, L>) {
  const { item: schema, quiet = [], keepAnswers = false } = config;
  const name = config.name ?? child;
  const keys = {
    all: [name] as const,
    list: config.listKey ?? ((parentId: number): QueryKey => [name, 'list', parentId]),
  };
  /** parent/{parentId}/child, or one item's path under it. */
  const url = (parentId: number, id?: number) =>
    `${parent}/${parentId}/${child}${id === undefined ? '' : `/${id}`}`;

  const listOf = (parentId: number) =>
    wholeListQuery(
      { list: () => keys.list(parentId) },
      (config.listItem ?? schema) as z.ZodType<L>,
      url(parentId),
      config.list,
    );

  const create = ({ parentId, body, signal }: Parent & { body: W['create']; signal?: AbortSignal }) =>
    getData(schema, api.post(url(parentId), body, { signal }));
  const update = ({ parentId, id, body }: Parent & { id: number; body: W['update'] }) =>
    getData(schema, api.put(url(parentId, id), body));
  const remove = async ({ parentId, id }: Parent & { id: number }): Promise<void> => {
    await api.delete(url(parentId, id));
  };

  /** A write of one parent's items: its list is read again (after taking the answer, with `keepAnswers`). */
  const useWrite = <V extends Parent, R>(
    write: Write,
    mutationFn: (variables: V) => Promise<R>,
    merge?: (list: T[], answer: R) => T[],
  ) =>
    useInvalidatingMutation(mutationFn, ({ parentId }) => [keys.list(parentId)], {
      alertOnError: !quiet.includes(write),
      ...(keepAnswers &&
        merge && {
          keep: (queryClient, answer, { parentId }) =>
            queryClient.setQueryData<T[]>(keys.list(parentId), (list) => (list ? merge(list, answer) : list)),
        }),
    });

  return {
    keys,
    url,
    list: (parentId: number) => listOf(parentId).get(),
    listQueryOptions: (parentId: number) => listOf(parentId).queryOptions(),
    useList: (parentId: number) => listOf(parentId).useList(),
    create,
    useCreate: () =>
      useWrite('create', create, (list, created) => [
        created,
        ...list.filter((row) => row.id !== created.id),
      ]),
    update,
    useUpdate: () =>
      useWrite('update', update, (list, saved) => list.map((row) => (row.id === saved.id ? saved : row))),
    remove,
    useRemove: () => useWrite('remove', remove),
  };
}
