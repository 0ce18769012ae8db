import { CAMPAIGN_SORTS, CampaignSchema, type CampaignSort } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import type { ListStateConfig } from '../../../lib/list-state';
import { campaignsListRequest } from './campaigns-list-request';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/ with the list query → {data, links, meta}; the loader's request when it matches. */
export const campaigns = listQuery(campaignKeys, CampaignSchema, campaignsListRequest.path, {
  placeholder: 'latest',
});
export const useCampaigns = campaigns.useList;

/** What the list's URL may hold besides the shared state: its sort columns. */
export const campaignListConfig: ListStateConfig<CampaignSort> = { sorts: CAMPAIGN_SORTS };
