import { AdTagListItemSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { adTagKeys } from './keys';

/** GET /v1/creatives/{id}/tags → its tags, revoked ones too, oldest first, with their 7-day figures. */
const adTags = (creativeId: number) =>
  wholeListQuery(
    { list: () => adTagKeys.list(creativeId) },
    AdTagListItemSchema,
    `/v1/creatives/${creativeId}/tags`,
  );

export const useAdTags = (creativeId: number) => adTags(creativeId).useList();
