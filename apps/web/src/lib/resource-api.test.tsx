import type { QueryClient, UseMutationResult } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiRequest } from './api-client';
import { resourceApi } from './resource-api';
import { resourceKeys } from './resource-keys';
import { answer, recordApi, restoreApi } from './stub-api';
import { renderHook, testQueryClient } from './test-render';

const ThingSchema = z.object({ id: z.number(), name: z.string() });
type Thing = z.infer<typeof ThingSchema>;

const things = resourceApi<
  Thing,
  { create: { name: string }; update: { name: string }; bulk: { ids: number[] } }
>('/v1/things', { item: ThingSchema, quiet: ['update'] });

/** Answers every request with a 200 of `{data: thing}` (the bulk answer when the url says so). */
const serve = (thing: Thing = { id: 7, name: 'Seven' }) =>
  recordApi((request) =>
    answer(200, { data: request.url.endsWith('/bulk') ? [{ id: 7, ok: true }] : thing }),
  );
const sent = (requests: ApiRequest[]) => requests.map(({ method, url, data }) => [method, url, data]);

describe('resourceApi', () => {
  afterEach(() => restoreApi());

  it("names its keys after the path's last segment, unless told its keys", () => {
    expect(things.keys.detail(7)).toEqual(['things', 'detail', 7]);
    expect(things.itemQueryOptions(7).queryKey).toEqual(['things', 'detail', 7]);
    expect(things.historyQueryOptions(7)).toMatchObject({
      queryKey: ['things', 'detail', 7, 'history'],
      staleTime: 0,
    });
    expect(things.listQueryOptions({ page: 2 }).queryKey).toEqual(['things', 'list', { page: 2 }]);
    const other = resourceApi('/v1/thing', { item: ThingSchema, keys: resourceKeys('stuff') });
    expect(other.keys.lists()).toEqual(['stuff', 'list']);
  });

  it('asks the REST routes under its path and parses the answers with the schema', async () => {
    const requests = serve();
    expect(await things.get(7)).toEqual({ id: 7, name: 'Seven' });
    await things.create({ name: 'New' });
    await things.update({ id: 7, body: { name: 'Renamed' } });
    await things.remove(7);
    await things.restore(7);
    await things.clone(7);
    await things.bulk({ ids: [7] });
    expect(sent(requests)).toEqual([
      ['GET', '/v1/things/7', undefined],
      ['POST', '/v1/things', { name: 'New' }],
      ['PUT', '/v1/things/7', { name: 'Renamed' }],
      ['DELETE', '/v1/things/7', undefined],
      ['POST', '/v1/things/7/restore', undefined],
      ['POST', '/v1/things/7/clone', undefined],
      ['POST', '/v1/things/bulk', { ids: [7] }],
    ]);
  });

  it('reads the history with the item, and lists under path/', async () => {
    const requests = recordApi((request) =>
      answer(
        200,
        request.url.includes('include=history')
          ? { data: { id: 7, name: 'Seven', history: [] } }
          : { data: [], links: {}, meta: {} },
      ),
    );
    expect(await things.history(7)).toEqual([]);
    await things.list({ page: 1 }).catch(() => undefined);
    expect(requests.map((request) => request.url)).toEqual([
      '/v1/things/7?include=history',
      '/v1/things/?page=1',
    ]);
  });

  it('reads the history and restores where the server says so', async () => {
    const other = resourceApi('/v1/others', { item: ThingSchema, history: 'path', restoreMethod: 'GET' });
    const requests = recordApi((request) =>
      answer(200, { data: request.url.endsWith('/history') ? [] : { id: 7, name: 'Seven' } }),
    );
    expect(await other.history(7)).toEqual([]);
    await other.restore(7);
    expect(sent(requests)).toEqual([
      ['GET', '/v1/others/7/history', undefined],
      ['GET', '/v1/others/7/restore', undefined],
    ]);
  });

  it('refuses an answer its schema refuses', async () => {
    recordApi(() => answer(200, { data: { id: 'seven' } }));
    await expect(things.get(7)).rejects.toThrow();
  });
});

describe('resourceApi hooks', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = testQueryClient();
  });
  afterEach(() => restoreApi());

  async function mutation<V, R>(useHook: () => UseMutationResult<R, Error, V>) {
    const { result } = await renderHook(useHook, { queryClient: client });
    return () => result.current;
  }

  it('caches what a write answers and refreshes the lists and its history', async () => {
    serve({ id: 7, name: 'Renamed' });
    client.setQueryData(things.keys.list({}), 'list');
    client.setQueryData(things.keys.history(7), 'history');
    const update = await mutation(things.useUpdate);
    await act(() => update().mutateAsync({ id: 7, body: { name: 'Renamed' } }));
    expect(client.getQueryData(things.keys.detail(7))).toEqual({ id: 7, name: 'Renamed' });
    expect(client.getQueryState(things.keys.list({}))?.isInvalidated).toBe(true);
    expect(client.getQueryState(things.keys.history(7))?.isInvalidated).toBe(true);
  });

  it('marks a deleted item stale without removing it', async () => {
    serve();
    client.setQueryData(things.keys.detail(7), { id: 7, name: 'Seven' });
    const remove = await mutation(things.useRemove);
    await act(() => remove().mutateAsync(7));
    expect(client.getQueryData(things.keys.detail(7))).toEqual({ id: 7, name: 'Seven' });
    expect(client.getQueryState(things.keys.detail(7))?.isInvalidated).toBe(true);
  });

  it("marks the other sections' queries it affects stale, on every kind of write", async () => {
    const linked = resourceApi('/v1/linked', { item: ThingSchema, affects: [['others']] });
    serve();
    const others = ['others', 'detail', 3];
    const writes = [
      [linked.useCreate, { name: 'New' }],
      [linked.useRemove, 7],
      [linked.useRestore, 7],
    ] as const;
    for (const [useHook, variables] of writes) {
      client.setQueryData(others, 'fresh');
      const write = await mutation(useHook as never);
      await act(() => (write() as UseMutationResult<unknown, Error, unknown>).mutateAsync(variables));
      expect(client.getQueryState(others)?.isInvalidated).toBe(true);
    }
    // A resource that names none leaves other sections alone.
    client.setQueryData(others, 'fresh');
    const update = await mutation(things.useUpdate);
    await act(() => update().mutateAsync({ id: 7, body: { name: 'Renamed' } }));
    expect(client.getQueryState(others)?.isInvalidated).toBe(false);
  });

  it('raises the alert on failure unless the write is quiet or the caller says so', async () => {
    recordApi(() => answer(500, { message: 'Broken' }));
    const skipAlert = async (useHook: () => UseMutationResult<unknown, Error, never>) => {
      const hook = await mutation(useHook);
      await act(() =>
        hook()
          .mutateAsync(7 as never)
          .catch(() => undefined),
      );
      return client.getMutationCache().getAll().at(-1)?.meta?.skipAlert;
    };
    expect(await skipAlert(things.useCreate as never)).toBe(false);
    expect(await skipAlert(things.useUpdate as never)).toBe(true);
    expect(await skipAlert(() => things.useUpdate({ alertOnError: true }) as never)).toBe(false);
    expect(await skipAlert(() => things.useRemove({ alertOnError: false }) as never)).toBe(true);
  });
});
