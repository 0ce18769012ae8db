import { AssetSchema } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import { ALL_ITEMS } from '../../../lib/list-query';
import { assetKeys } from './keys';

/** GET /v1/assets/?campaign_id={id}&items-per-page=-1 → every live asset of the campaign's creatives, newest first. */
const assets = listQuery(assetKeys, AssetSchema, '/v1/assets/');

export const useCampaignAssets = (campaignId: number, enabled = true) =>
  assets.useList(
    { campaign_id: campaignId, 'items-per-page': ALL_ITEMS, 'sort-by': 'created_at', 'sort-order': 'desc' },
    enabled,
  );
