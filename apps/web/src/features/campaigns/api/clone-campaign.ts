import { type Campaign, CampaignSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

/** POST /v1/campaigns/{id}/clone → 201, a draft named "… (copy)". */
export const cloneCampaign = (id: number): Promise<Campaign> =>
  getData(CampaignSchema, api.post(`/v1/campaigns/${id}/clone`));

export const useCloneCampaign = () => useItemMutation(campaignKeys, cloneCampaign);
