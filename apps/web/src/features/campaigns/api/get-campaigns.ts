import {
  CAMPAIGN_SORTS,
  type CampaignListResponse,
  CampaignSchema,
  type CampaignSort,
} from '@adstudio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { takeOrGet } from '../../../lib/early-requests';
import { getCollection } from '../../../lib/get-data';
import { latestList } from '../../../lib/latest-list';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';
import { campaignsListRequest } from './campaigns-list-request';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/ with the list query → {data, links, meta}; the loader's request when it matches. */
export const getCampaigns = (query: ListQueryParams): Promise<CampaignListResponse> =>
  getCollection(CampaignSchema, takeOrGet(campaignsListRequest.path, query));

export const campaignsQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: campaignKeys.list(query), queryFn: () => getCampaigns(query) });

/** What the list's URL may hold besides the shared state: its sort columns. */
export const campaignListConfig: ListStateConfig<CampaignSort> = { sorts: CAMPAIGN_SORTS };

/** While the next page loads, the last one fetched stays on screen. */
export function useCampaigns(query: ListQueryParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...campaignsQueryOptions(query),
    enabled,
    placeholderData: (previous) =>
      previous ?? latestList<CampaignListResponse>(queryClient, campaignKeys.lists()),
  });
}
