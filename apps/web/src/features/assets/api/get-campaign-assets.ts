import { assetsApi } from '../../../api/assets';
import { ALL_ITEMS } from '../../../lib/list-query';

/** GET /v1/assets/?campaign_id={id}&items-per-page=-1 → every live asset of the campaign's creatives, newest first. */
const assets = assetsApi.listing();

export const useCampaignAssets = (campaignId: number, enabled = true) =>
  assets.useList(
    { campaign_id: campaignId, 'items-per-page': ALL_ITEMS, 'sort-by': 'created_at', 'sort-order': 'desc' },
    enabled,
  );
