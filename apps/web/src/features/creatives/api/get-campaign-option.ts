import { campaignsApi } from '../../../api/campaigns';
import { itemOption } from './picker-queries';

/** GET /v1/campaigns/{id} → the campaign a creative belongs to (or is being made for). */
export const campaignOption = itemOption(campaignsApi);

export const useCampaignOption = campaignOption.useOption;
