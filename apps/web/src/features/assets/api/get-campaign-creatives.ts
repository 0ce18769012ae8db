import { CreativeSchema } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import { ALL_ITEMS } from '../../../lib/list-query';
import { creativeKeys } from './keys';

/** GET /v1/creatives/?campaign_id={id}&items-per-page=-1 → every creative of the campaign, by name. */
const creatives = listQuery(creativeKeys, CreativeSchema, '/v1/creatives/');

export const useCampaignCreatives = (campaignId: number, enabled = true) =>
  creatives.useList({ campaign_id: campaignId, 'items-per-page': ALL_ITEMS, 'sort-by': 'name' }, enabled);
