import { QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from './api-client';
import { clearEarlyRequests, startEarly } from './early-requests';
import { type Collection, listQuery, wholeListQuery } from './list-api';
import { resourceKeys } from './resource-keys';
import { answer, restoreApi, stubApi } from './stub-api';
import { render, type View } from './test-render';

const ThingSchema = z.object({ id: z.number(), name: z.string() });
type Thing = z.infer<typeof ThingSchema>;
const keys = resourceKeys('things');

const page = (things: Thing[], page = 1): Collection<Thing> => ({
  data: things,
  links: { first: '/v1/things?page=1', last: '/v1/things?page=1', prev: null, next: null },
  meta: {
    current_page: page,
    from: 1,
    last_page: 1,
    path: '/v1/things',
    per_page: 25,
    to: things.length,
    total: things.length,
  },
});

/** Answers each url with a 200 of `reply(url)`, recording the urls asked for. */
const serve = (reply: (url: string) => unknown) => stubApi((url) => answer(200, reply(url)));

describe('listQuery', () => {
  afterEach(() => {
    restoreApi();
    clearEarlyRequests();
  });

  it('asks GET path with the list query and parses the collection with the schema', async () => {
    const asked = serve(() => page([{ id: 1, name: 'One', extra: true } as Thing]));
    const things = listQuery(keys, ThingSchema, '/v1/things/');
    expect(await things.get({ page: 2, filter: 'o' })).toEqual(page([{ id: 1, name: 'One' }]));
    expect(asked).toEqual(['/v1/things/?page=2&filter=o']);
    expect(things.queryOptions({ page: 2 }).queryKey).toEqual(['things', 'list', { page: 2 }]);
  });

  it("takes a route loader's early request to the same url", async () => {
    const asked = serve(() => page([]));
    startEarly('/v1/things/', { page: 1 });
    await listQuery(keys, ThingSchema, '/v1/things/').get({ page: 1 });
    expect(asked).toHaveLength(1);
  });

  it('refuses an answer its schema refuses', async () => {
    serve(() => page([{ id: 'one' } as never]));
    await expect(listQuery(keys, ThingSchema, '/v1/things/').get({})).rejects.toThrow();
  });

  it('reads a list answered whole, {data}', async () => {
    const asked = serve(() => ({ data: [{ id: 3, name: 'Three' }] }));
    const things = wholeListQuery(keys, ThingSchema, '/v1/things/all');
    expect(await things.get()).toEqual([{ id: 3, name: 'Three' }]);
    expect(asked).toEqual(['/v1/things/all']);
    expect(things.queryOptions().queryKey).toEqual(['things', 'list', {}]);
  });
});

describe('listQuery().useList', () => {
  let view: View;
  let client: QueryClient;
  let shown: UseQueryResult<Collection<Thing>> | undefined;

  beforeEach(async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await render(null, { queryClient: client });
  });
  afterEach(() => {
    restoreApi();
  });

  const renderList = async (
    useList: (query: Record<string, number>) => UseQueryResult<Collection<Thing>>,
    query: Record<string, number>,
  ) => {
    function Harness() {
      shown = useList(query);
      return null;
    }
    // A new element each time: the list view remounts on every URL change.
    await view.rerender(<Harness key={JSON.stringify(query)} />);
  };

  it("shows the list's latest page while another loads, with placeholder 'latest'", async () => {
    let release: () => void = () => {};
    serve((url) =>
      url.includes('page=1') ? page([{ id: 1, name: 'One' }]) : page([{ id: 2, name: 'Two' }], 2),
    );
    const things = listQuery(keys, ThingSchema, '/v1/things/', { placeholder: 'latest' });
    await renderList(things.useList, { page: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(shown?.data?.data).toEqual([{ id: 1, name: 'One' }]);

    api.defaults.transport = () =>
      new Promise((resolve) => {
        release = () => resolve(answer(200, page([{ id: 2, name: 'Two' }], 2)));
      });
    await renderList(things.useList, { page: 2 });
    expect(shown?.isPlaceholderData).toBe(true);
    expect(shown?.data?.data).toEqual([{ id: 1, name: 'One' }]);
    await act(async () => release());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(shown?.data?.data).toEqual([{ id: 2, name: 'Two' }]);
  });

  it('shows nothing while another query loads by default', async () => {
    serve(() => page([{ id: 1, name: 'One' }]));
    const things = listQuery(keys, ThingSchema, '/v1/things/');
    await renderList(things.useList, { page: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    api.defaults.transport = () => new Promise(() => {});
    await renderList(things.useList, { page: 2 });
    expect(shown?.isPending).toBe(true);
    expect(shown?.data).toBeUndefined();
  });
});
