import { type CampaignListResponse, CampaignListResponseSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ListQueryParams } from '../../../lib/list-query';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/ with the list query → {data, meta}. */
export async function getCampaigns(query: ListQueryParams): Promise<CampaignListResponse> {
  const response = await api.get('/v1/campaigns/', { params: query });
  return CampaignListResponseSchema.parse(response.data);
}

/**
 * The view remounts on every URL change (spec section 2), so the previous page is kept here
 * rather than in the observer, and shown while the next one loads.
 */
let lastPage: CampaignListResponse | undefined;

export const campaignsQueryOptions = (query: ListQueryParams) =>
  queryOptions({
    queryKey: campaignKeys.list(query),
    queryFn: async () => {
      lastPage = await getCampaigns(query);
      return lastPage;
    },
  });

export const useCampaigns = (query: ListQueryParams, enabled = true) =>
  useQuery({ ...campaignsQueryOptions(query), enabled, placeholderData: (previous) => previous ?? lastPage });
