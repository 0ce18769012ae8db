import type { HistoryEntry } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCampaign } from './get-campaign';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/{id}?include=history → the audit entries, newest first. */
export const getCampaignHistory = async (id: number): Promise<HistoryEntry[]> =>
  (await getCampaign(id, { history: true })).history ?? [];

export const campaignHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.history(id), queryFn: () => getCampaignHistory(id), staleTime: 0 });

export const useCampaignHistory = (id: number) => useQuery(campaignHistoryQueryOptions(id));
