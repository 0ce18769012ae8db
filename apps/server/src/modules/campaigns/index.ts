/** Campaigns: the service's type and the demo seed (its campaigns are what the other seeds hang on). */

export { type SeededCampaign, seedCampaigns } from './campaigns.seed';
export type { CampaignsService } from './campaigns.service';
