import type { QueryClient, UseMutationResult } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiRequest } from './api-client';
import { nestedResourceApi } from './nested-resource-api';
import { answer, recordApi, restoreApi } from './stub-api';
import { renderHook, testQueryClient } from './test-render';

const PartSchema = z.object({ id: z.number(), name: z.string() });
type Part = z.infer<typeof PartSchema>;

const parts = nestedResourceApi<Part, { create: { name: string }; update: { name: string } }>(
  '/v1/things',
  'parts',
  { item: PartSchema, quiet: ['update'], keepAnswers: true },
);
const tags = nestedResourceApi<Part>('/v1/things', 'tags', { item: PartSchema, name: 'thing-tags' });

const sent = (requests: ApiRequest[]) => requests.map(({ method, url, data }) => [method, url, data]);

describe('nestedResourceApi', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = testQueryClient();
  });
  afterEach(() => restoreApi());

  async function mutation<V, R>(useHook: () => UseMutationResult<R, Error, V>) {
    const { result } = await renderHook(useHook, { queryClient: client });
    return () => result.current;
  }

  it("keys one parent's list by its name, the path's last segment, unless told its name or key", () => {
    expect(parts.listQueryOptions(4).queryKey).toEqual(['parts', 'list', 4]);
    expect(tags.keys.list(4)).toEqual(['thing-tags', 'list', 4]);
    expect(tags.url(4, 9)).toBe('/v1/things/4/tags/9');
    const links = nestedResourceApi<Part>('/v1/things', 'links', {
      item: PartSchema,
      listKey: (id) => ['things', 'detail', id, 'links'],
    });
    expect(links.listQueryOptions(4).queryKey).toEqual(['things', 'detail', 4, 'links']);
  });

  it("asks the routes under the parent's item and parses the answers with the schema", async () => {
    const requests = recordApi((request) =>
      answer(200, { data: request.method === 'GET' ? [{ id: 9, name: 'Nine' }] : { id: 9, name: 'Nine' } }),
    );
    expect(await parts.list(4)).toEqual([{ id: 9, name: 'Nine' }]);
    await parts.create({ parentId: 4, body: { name: 'Nine' } });
    await parts.update({ parentId: 4, id: 9, body: { name: 'Renamed' } });
    await parts.remove({ parentId: 4, id: 9 });
    expect(sent(requests)).toEqual([
      ['GET', '/v1/things/4/parts', undefined],
      ['POST', '/v1/things/4/parts', { name: 'Nine' }],
      ['PUT', '/v1/things/4/parts/9', { name: 'Renamed' }],
      ['DELETE', '/v1/things/4/parts/9', undefined],
    ]);
  });

  it("keeps the answers in the parent's list, when told, and reads the list again", async () => {
    recordApi((request) => answer(200, { data: { id: request.method === 'POST' ? 10 : 9, name: 'Answer' } }));
    client.setQueryData(parts.keys.list(4), [{ id: 9, name: 'Nine' }]);
    const create = await mutation(parts.useCreate);
    await act(() => create().mutateAsync({ parentId: 4, body: { name: 'Answer' } }));
    const update = await mutation(parts.useUpdate);
    await act(() => update().mutateAsync({ parentId: 4, id: 9, body: { name: 'Answer' } }));
    expect(client.getQueryData(parts.keys.list(4))).toEqual([
      { id: 10, name: 'Answer' },
      { id: 9, name: 'Answer' },
    ]);
    expect(client.getQueryState(parts.keys.list(4))?.isInvalidated).toBe(true);
  });

  it('only reads the list again otherwise, and raises the alert unless the write is quiet', async () => {
    recordApi(() => answer(200, { data: { id: 10, name: 'Ten' } }));
    client.setQueryData(tags.keys.list(4), [{ id: 9, name: 'Nine' }]);
    const create = await mutation(tags.useCreate);
    await act(() => create().mutateAsync({ parentId: 4, body: {} }));
    expect(client.getQueryData(tags.keys.list(4))).toEqual([{ id: 9, name: 'Nine' }]);
    expect(client.getQueryState(tags.keys.list(4))?.isInvalidated).toBe(true);
    expect(client.getMutationCache().getAll().at(-1)?.meta?.skipAlert).toBe(false);
    const update = await mutation(parts.useUpdate);
    await act(() => update().mutateAsync({ parentId: 4, id: 10, body: { name: 'Ten' } }));
    expect(client.getMutationCache().getAll().at(-1)?.meta?.skipAlert).toBe(true);
  });
});
