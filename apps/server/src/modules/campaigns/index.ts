/**
 * Campaigns: the service's type, the demo seed (its campaigns are what the other seeds hang on), and
 * the campaigns running on a day through their day index (creatives filter by their campaign's days).
 */

export { campaignsOnDay } from './campaign-days';
export { type SeededCampaign, seedCampaigns } from './campaigns.seed';
export type { CampaignsService } from './campaigns.service';
