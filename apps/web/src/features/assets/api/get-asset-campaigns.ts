import { type AssetCampaignListResponse, AssetCampaignSummarySchema } from '@adstudio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import type { ListQueryParams } from '../../../lib/list-query';
import { assetKeys } from './keys';

/** GET /v1/assets/campaigns with the list query → campaigns with their creatives' and assets' counts. */
export const getAssetCampaigns = (query: ListQueryParams): Promise<AssetCampaignListResponse> =>
  getCollection(AssetCampaignSummarySchema, api.get('/v1/assets/campaigns', { params: query }));

export const assetCampaignsQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: assetKeys.campaigns(query), queryFn: () => getAssetCampaigns(query) });

/** While the next page loads, the last one stays on screen. */
export const useAssetCampaigns = (query: ListQueryParams) =>
  useQuery({ ...assetCampaignsQueryOptions(query), placeholderData: keepPreviousData });
