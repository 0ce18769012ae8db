import { type CreativeListResponse, CreativeSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { ALL_ITEMS } from '../../../lib/list-query';
import { creativeKeys } from './keys';

const campaignCreativesQuery = (campaignId: number) => ({
  campaign_id: campaignId,
  'items-per-page': ALL_ITEMS,
  'sort-by': 'name',
});

/** GET /v1/creatives/?campaign_id={id}&items-per-page=-1 → every creative of the campaign, by name. */
export const getCampaignCreatives = (campaignId: number): Promise<CreativeListResponse> =>
  getCollection(CreativeSchema, api.get('/v1/creatives/', { params: campaignCreativesQuery(campaignId) }));

export const campaignCreativesQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: creativeKeys.list(campaignCreativesQuery(campaignId)),
    queryFn: () => getCampaignCreatives(campaignId),
  });

export const useCampaignCreatives = (campaignId: number, enabled = true) =>
  useQuery({ ...campaignCreativesQueryOptions(campaignId), enabled });
