import { CampaignSchema } from '@adstudio/contract';
import { searchOptions } from './picker-queries';

/** GET /v1/campaigns/?filter=… → the first campaigns by name whose name or URL matches, to pick one. */
export const campaignOptions = searchOptions('campaigns', CampaignSchema);

export const useCampaignOptions = campaignOptions.useOptions;
