import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

/** DELETE /v1/campaigns/{id} → 204; 422 while it has live creatives. */
export async function deleteCampaign(id: number): Promise<void> {
  await api.delete(`/v1/campaigns/${id}`);
}

export const useDeleteCampaign = () => useItemsMutation(campaignKeys, deleteCampaign, (id) => [id]);
