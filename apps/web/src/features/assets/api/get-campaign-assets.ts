import { type AssetListResponse, AssetSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { ALL_ITEMS } from '../../../lib/list-query';
import { assetKeys } from './keys';

const campaignAssetsQuery = (campaignId: number) => ({
  campaign_id: campaignId,
  'items-per-page': ALL_ITEMS,
  'sort-by': 'created_at',
  'sort-order': 'desc',
});

/** GET /v1/assets/?campaign_id={id}&items-per-page=-1 → every live asset of the campaign's creatives, newest first. */
export const getCampaignAssets = (campaignId: number): Promise<AssetListResponse> =>
  getCollection(AssetSchema, api.get('/v1/assets/', { params: campaignAssetsQuery(campaignId) }));

export const campaignAssetsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: assetKeys.list(campaignAssetsQuery(campaignId)),
    queryFn: () => getCampaignAssets(campaignId),
  });

export const useCampaignAssets = (campaignId: number, enabled = true) =>
  useQuery({ ...campaignAssetsQueryOptions(campaignId), enabled });
