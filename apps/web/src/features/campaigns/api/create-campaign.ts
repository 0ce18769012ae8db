import { type Campaign, type CampaignCreate, CampaignSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

/** POST /v1/campaigns → 201 {data}. */
export const createCampaign = (body: CampaignCreate): Promise<Campaign> =>
  getData(CampaignSchema, api.post('/v1/campaigns', body));

export const useCreateCampaign = () => useItemMutation(campaignKeys, createCampaign);
