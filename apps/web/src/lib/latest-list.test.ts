import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { latestList } from './latest-list';
import { resourceKeys } from './resource-keys';

describe('latestList', () => {
  const keys = resourceKeys('creatives');

  it("is the section's most recently fetched list page, from the cache", () => {
    const queryClient = new QueryClient();
    expect(latestList(queryClient, keys.lists())).toBeUndefined();
    queryClient.setQueryData(keys.list({ page: 1 }), 'page 1', { updatedAt: 1_000 });
    queryClient.setQueryData(keys.list({ page: 2 }), 'page 2', { updatedAt: 2_000 });
    queryClient.setQueryData(resourceKeys('campaigns').list({ page: 3 }), 'campaigns', { updatedAt: 3_000 });
    queryClient.setQueryData(keys.detail(4), 'an item', { updatedAt: 4_000 });
    expect(latestList(queryClient, keys.lists())).toBe('page 2');
  });

  it('goes with the cache', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(keys.list({ page: 1 }), 'page 1');
    queryClient.removeQueries({ queryKey: keys.lists() });
    expect(latestList(queryClient, keys.lists())).toBeUndefined();
  });
});
