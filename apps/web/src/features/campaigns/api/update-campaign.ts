import { type Campaign, CampaignSchema, type CampaignUpdate, itemResponse } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = itemResponse(CampaignSchema);

/**
 * PUT /v1/campaigns/{id} with fields and/or a status move; 422 {message, errors}. Field edits carry
 * the `updated_at` they were based on and answer 409 when the campaign changed meanwhile.
 */
export async function updateCampaign({ id, body }: { id: number; body: CampaignUpdate }): Promise<Campaign> {
  return ResponseSchema.parse((await api.put(`/v1/campaigns/${id}`, body)).data).data;
}

/** `alertOnError: false` when the caller shows the failure itself (the form's inline conflict). */
export function useUpdateCampaign({ alertOnError = true } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    meta: { skipAlert: !alertOnError },
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.history(campaign.id) });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
