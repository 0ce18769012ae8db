import { type Campaign, type CampaignCreate, CampaignSchema, itemResponse } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const ResponseSchema = itemResponse(CampaignSchema);

/** POST /v1/campaigns → 201 {data}. */
export async function createCampaign(body: CampaignCreate): Promise<Campaign> {
  return ResponseSchema.parse((await api.post('/v1/campaigns', body)).data).data;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
