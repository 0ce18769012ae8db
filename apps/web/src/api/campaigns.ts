import {
  CAMPAIGN_SORTS,
  type Campaign,
  type CampaignBulk,
  type CampaignCreate,
  CampaignSchema,
  type CampaignSort,
  type CampaignUpdate,
} from '@adstudio/contract';
import type { ListStateConfig } from '../lib/list-state';
import { resourceApi } from '../lib/resource-api';
import { campaignKeys } from './campaign-keys';

export { campaignKeys };

/**
 * /v1/campaigns: the list (the loader's request when it matches), an item and its history, create,
 * PUT with fields and/or a status move (409 when the `updated_at` it was based on is stale), delete
 * (422 while it has live creatives), restore, clone and bulk actions.
 */
export const campaignsApi = resourceApi<
  Campaign,
  { create: CampaignCreate; update: CampaignUpdate; bulk: CampaignBulk }
>('/v1/campaigns', { item: CampaignSchema, keys: campaignKeys, list: { placeholder: 'latest' } });

/** What the list's URL may hold besides the shared state: its sort columns. */
export const campaignListConfig: ListStateConfig<CampaignSort> = { sorts: CAMPAIGN_SORTS };
