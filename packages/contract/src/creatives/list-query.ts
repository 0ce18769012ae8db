import { z } from 'zod';
import { idFilter, ListQuerySchema, listResponse, sortBy, statusListFields } from '../common/list-query';
import { CreativeSchema } from './creative';

export const CREATIVE_SORTS = ['name', 'campaign', 'size', 'status', 'created_at', 'updated_at'] as const;
export type CreativeSort = (typeof CREATIVE_SORTS)[number];

/**
 * GET /v1/creatives/: the shared list query (`filter` matches the name; `date` keeps creatives whose
 * campaign runs that day) with `status`, `deleted`, `campaign_id` and `size` (`300x250`).
 */
export const CreativeListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(CREATIVE_SORTS),
  ...statusListFields,
  campaign_id: idFilter('campaign_id'),
  size: z
    .string()
    .regex(/^[1-9][0-9]{0,3}x[1-9][0-9]{0,3}$/, 'The size field must look like 300x250.')
    .transform((text) => {
      const [width, height] = text.split('x').map(Number) as [number, number];
      return { width, height };
    })
    .optional(),
});
export type CreativeListQuery = z.infer<typeof CreativeListQuerySchema>;

export const CreativeListResponseSchema = listResponse(CreativeSchema);
export type CreativeListResponse = z.infer<typeof CreativeListResponseSchema>;
