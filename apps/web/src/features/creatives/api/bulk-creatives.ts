import { type BulkResult, BulkResultSchema, type CreativeBulk } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getItems } from '../../../lib/get-data';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

/** POST /v1/creatives/bulk → per item, what was done or why it was refused. */
export const bulkCreatives = (body: CreativeBulk): Promise<BulkResult[]> =>
  getItems(BulkResultSchema, api.post('/v1/creatives/bulk', body));

export const useBulkCreatives = () => useItemsMutation(creativeKeys, bulkCreatives, (body) => body.ids);
