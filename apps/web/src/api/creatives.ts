import {
  CREATIVE_SORTS,
  type Creative,
  type CreativeBulk,
  type CreativeCreate,
  CreativeSchema,
  type CreativeSort,
  type CreativeUpdate,
} from '@adstudio/contract';
import { ALL_ITEMS } from '../lib/list-query';
import type { ListStateConfig } from '../lib/list-state';
import { resourceApi } from '../lib/resource-api';
import { creativeKeys, creativesListRequest } from './creative-keys';

export { creativeKeys };

/**
 * /v1/creatives: the list (plus status, deleted, campaign_id, size; the loader's request when it
 * matches), an item and its history, create (a draft), PUT with fields and/or a status move (409
 * when the `updated_at` it was based on is stale), delete (422 while it is live), restore, clone
 * (in the same campaign) and bulk actions.
 */
export const creativesApi = resourceApi<
  Creative,
  { create: CreativeCreate; update: CreativeUpdate; bulk: CreativeBulk }
>('/v1/creatives', { item: CreativeSchema, keys: creativeKeys, list: { placeholder: 'latest' } });

/** What the list's URL may hold besides the shared state: its sort columns and own filters. */
export const creativeListConfig: ListStateConfig<CreativeSort> = {
  sorts: CREATIVE_SORTS,
  extras: creativesListRequest.extras,
};

/** The creatives' list as other sections read it, without the list page's placeholder. */
const creatives = creativesApi.listing();

/** Every creative of a campaign, by name. */
export const useCampaignCreatives = (campaignId: number, enabled = true) =>
  creatives.useList({ campaign_id: campaignId, 'items-per-page': ALL_ITEMS, 'sort-by': 'name' }, enabled);

/** A campaign's live creatives, by name: the first `count` of them, and their total in `meta`. */
export const useLiveCreativesOf = (campaignId: number, enabled: boolean, count = 5) =>
  creatives.useList(
    { campaign_id: campaignId, status: 'live', 'items-per-page': count, 'sort-by': 'name' },
    enabled,
  );
