import { type BulkResult, BulkResultSchema, type CampaignBulk } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(BulkResultSchema) });

/** POST /v1/campaigns/bulk → per item, what was done or why it was refused. */
export async function bulkCampaigns(body: CampaignBulk): Promise<BulkResult[]> {
  return ResponseSchema.parse((await api.post('/v1/campaigns/bulk', body)).data).data;
}

export function useBulkCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCampaigns,
    onSuccess: (_results, body) => {
      for (const id of body.ids) {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id), refetchType: 'none' });
      }
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
