import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The most recently fetched page of a section's lists. The view remounts on every URL change
 * (spec section 2), so a list shows this while its next page loads instead of an empty grid. It
 * lives in the query cache, so it goes with the cache (sign-out, a 404's cleared list).
 */
export function latestList<T>(queryClient: QueryClient, listsKey: QueryKey): T | undefined {
  let latest: { at: number; data: T } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listsKey })) {
    const { data, dataUpdatedAt } = query.state;
    if (data !== undefined && (!latest || dataUpdatedAt > latest.at))
      latest = { at: dataUpdatedAt, data: data as T };
  }
  return latest?.data;
}
