import { CreativeSchema } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import { ALL_ITEMS } from '../../../lib/list-query';
import { resourceKeys } from '../../../lib/resource-keys';

/** GET /v1/creatives?campaign_id={id}&items-per-page=-1 under the creatives' keys, so their writes refresh it. */
const creatives = listQuery(resourceKeys('creatives'), CreativeSchema, '/v1/creatives');

/** Every creative of the campaign, by name. */
export const useCampaignCreatives = (campaignId: number) =>
  creatives.useList({ campaign_id: campaignId, 'items-per-page': ALL_ITEMS, 'sort-by': 'name' });
