import { CampaignSchema } from '@adstudio/contract';
import { itemOption } from './picker-queries';

/** GET /v1/campaigns/{id} → the campaign a creative belongs to (or is being made for). */
export const campaignOption = itemOption('campaigns', CampaignSchema);

export const useCampaignOption = campaignOption.useOption;
