import type { ListRequest } from '../lib/prefetch-list';
import { resourceKeys } from '../lib/resource-keys';

/**
 * The creatives' query keys, the one declaration of them: here, free of schemas, because the route
 * loader reads them in the first-load chunk. Writes invalidate `lists()`; other sections (assets,
 * packages, campaigns) read creatives under them, so the creatives' writes refresh those too.
 */
export const creativeKeys = resourceKeys('creatives');

/** A size as the list filters by it and the form writes it: `300x250`. */
export const SIZE_PATTERN = /^[1-9]\d{0,3}x[1-9]\d{0,3}$/;

/** GET /v1/creatives/ as the route loader starts it (lib/prefetch-list.ts). */
export const creativesListRequest: ListRequest = {
  section: 'creatives',
  path: '/v1/creatives/',
  extras: { campaign_id: /^[1-9]\d{0,9}$/, size: SIZE_PATTERN },
  listKey: creativeKeys.list,
};
