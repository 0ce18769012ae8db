import { CampaignSchema } from '@adstudio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PickerOption } from '../../../components/ui/search-picker';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { creativeKeys } from './keys';

export const CAMPAIGN_OPTIONS_LIMIT = 20;

/** GET /v1/campaigns?filter=… → the first campaigns by name whose name or URL matches, to pick one. */
export async function searchCampaigns(filter: string): Promise<PickerOption[]> {
  const params = {
    'sort-by': 'name',
    'items-per-page': CAMPAIGN_OPTIONS_LIMIT,
    ...(filter ? { filter } : {}),
  };
  const list = await getCollection(CampaignSchema, api.get('/v1/campaigns/', { params }));
  return list.data.map(({ id, name }) => ({ id, name }));
}

export const campaignOptionsQueryOptions = (filter: string) =>
  queryOptions({
    queryKey: [...creativeKeys.all, 'campaign-options', filter] as const,
    queryFn: () => searchCampaigns(filter),
  });

export const useCampaignOptions = (filter: string, enabled: boolean) =>
  useQuery({ ...campaignOptionsQueryOptions(filter), enabled, placeholderData: keepPreviousData });
