import type { ListRequest } from '../../../lib/prefetch-list';
import { creativeKeys } from './keys';

/** A size as the list filters by it and the form writes it: `300x250`. */
export const SIZE_PATTERN = /^[1-9]\d{0,3}x[1-9]\d{0,3}$/;

/** GET /v1/creatives/ as the route loader starts it (lib/prefetch-list.ts): free of schemas. */
export const creativesListRequest: ListRequest = {
  section: 'creatives',
  path: '/v1/creatives/',
  extras: { campaign_id: /^[1-9]\d{0,9}$/, size: SIZE_PATTERN },
  listKey: creativeKeys.list,
};
