import { CREATIVE_SORTS, CreativeSchema, type CreativeSort } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import type { ListStateConfig } from '../../../lib/list-state';
import { creativesListRequest } from './creatives-list-request';
import { creativeKeys } from './keys';

/**
 * GET /v1/creatives/ with the list query (plus status, deleted, campaign_id, size) → {data, links, meta};
 * the loader's request when it matches.
 */
export const creatives = listQuery(creativeKeys, CreativeSchema, creativesListRequest.path, {
  placeholder: 'latest',
});
export const useCreatives = creatives.useList;

/** What the list's URL may hold besides the shared state: its sort columns and own filters. */
export const creativeListConfig: ListStateConfig<CreativeSort> = {
  sorts: CREATIVE_SORTS,
  extras: creativesListRequest.extras,
};
