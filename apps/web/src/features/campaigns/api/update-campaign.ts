import { type Campaign, CampaignSchema, type CampaignUpdate, itemResponse } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = itemResponse(CampaignSchema);

/** PUT /v1/campaigns/{id} with fields and/or a status move; 422 {message, errors}, 409 on a race. */
export async function updateCampaign({ id, body }: { id: number; body: CampaignUpdate }): Promise<Campaign> {
  return ResponseSchema.parse((await api.put(`/v1/campaigns/${id}`, body)).data).data;
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.history(campaign.id) });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
