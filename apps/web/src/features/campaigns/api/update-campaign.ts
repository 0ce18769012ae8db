import { type Campaign, CampaignSchema, type CampaignUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { campaignKeys } from './keys';

/**
 * PUT /v1/campaigns/{id} with fields and/or a status move; 422 {message, errors}. Field edits carry
 * the `updated_at` they were based on and answer 409 when the campaign changed meanwhile.
 */
export const updateCampaign = ({ id, body }: { id: number; body: CampaignUpdate }): Promise<Campaign> =>
  getData(CampaignSchema, api.put(`/v1/campaigns/${id}`, body));

/** `alertOnError: false` when the caller shows the failure itself (the form's inline conflict). */
export const useUpdateCampaign = (options: { alertOnError?: boolean } = {}) =>
  useItemMutation(campaignKeys, updateCampaign, options);
