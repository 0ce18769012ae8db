import { type Campaign, CampaignSchema, itemResponse } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = itemResponse(CampaignSchema);

/** POST /v1/campaigns/{id}/clone → 201, a draft named "… (copy)". */
export async function cloneCampaign(id: number): Promise<Campaign> {
  return ResponseSchema.parse((await api.post(`/v1/campaigns/${id}/clone`)).data).data;
}

export function useCloneCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
