import { type CreativeListResponse, CreativeSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { resourceKeys } from '../../../lib/resource-keys';

/** The creatives section's keys: its writes refresh this list too. */
const creativeKeys = resourceKeys('creatives');

/** GET /v1/creatives?campaign_id={id}&items-per-page=-1: every creative of the campaign. */
export const getCampaignCreatives = (campaignId: number): Promise<CreativeListResponse> =>
  getCollection(CreativeSchema, api.get('/v1/creatives', { params: campaignCreativesQuery(campaignId) }));

const campaignCreativesQuery = (campaignId: number) => ({
  campaign_id: campaignId,
  'items-per-page': -1,
  'sort-by': 'name',
});

export const campaignCreativesQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: creativeKeys.list(campaignCreativesQuery(campaignId)),
    queryFn: () => getCampaignCreatives(campaignId),
  });

export const useCampaignCreatives = (campaignId: number) =>
  useQuery(campaignCreativesQueryOptions(campaignId));
