import { AssetCampaignSummarySchema } from '@adstudio/contract';
import { assetKeys } from '../../../api/assets';
import { listQuery } from '../../../lib/list-api';

/**
 * GET /v1/assets/campaigns with the list query → campaigns with their creatives' and assets' counts;
 * while the next page loads, the last one stays on screen.
 */
export const assetCampaigns = listQuery(
  { list: assetKeys.campaigns },
  AssetCampaignSummarySchema,
  '/v1/assets/campaigns',
  { placeholder: 'previous' },
);
export const useAssetCampaigns = assetCampaigns.useList;
