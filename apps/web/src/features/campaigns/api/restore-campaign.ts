import { type Campaign, CampaignSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

/** POST /v1/campaigns/{id}/restore → 200 the campaign, back in the list. */
export const restoreCampaign = (id: number): Promise<Campaign> =>
  getData(CampaignSchema, api.post(`/v1/campaigns/${id}/restore`));

export const useRestoreCampaign = () => useItemMutation(campaignKeys, restoreCampaign);
