import { type BulkResult, BulkResultSchema, type CampaignBulk } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getItems } from '../../../lib/get-data';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

/** POST /v1/campaigns/bulk → per item, what was done or why it was refused. */
export const bulkCampaigns = (body: CampaignBulk): Promise<BulkResult[]> =>
  getItems(BulkResultSchema, api.post('/v1/campaigns/bulk', body));

export const useBulkCampaigns = () => useItemsMutation(campaignKeys, bulkCampaigns, (body) => body.ids);
