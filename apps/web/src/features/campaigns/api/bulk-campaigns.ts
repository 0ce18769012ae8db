import { type BulkResult, BulkResultSchema, type CampaignBulk } from '@adstudio/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(BulkResultSchema) });

/** POST /v1/campaigns/bulk → per item, what was done or why it was refused. */
export async function bulkCampaigns(body: CampaignBulk): Promise<BulkResult[]> {
  return ResponseSchema.parse((await api.post('/v1/campaigns/bulk', body)).data).data;
}

export const useBulkCampaigns = () => useItemsMutation(campaignKeys, bulkCampaigns, (body) => body.ids);
