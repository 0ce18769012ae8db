import type { HistoryEntry } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCreative } from './get-creative';
import { creativeKeys } from './keys';

/** GET /v1/creatives/{id}?include=history → the audit entries, newest first. */
export const getCreativeHistory = async (id: number): Promise<HistoryEntry[]> =>
  (await getCreative(id, { history: true })).history ?? [];

export const creativeHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: creativeKeys.history(id), queryFn: () => getCreativeHistory(id), staleTime: 0 });

export const useCreativeHistory = (id: number) => useQuery(creativeHistoryQueryOptions(id));
