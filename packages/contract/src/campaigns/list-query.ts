import type { z } from 'zod';
import { ListQuerySchema, listResponse, sortBy, statusListFields } from '../common/list-query';
import { CampaignSchema } from './campaign';

export const CAMPAIGN_SORTS = [
  'name',
  'status',
  'launch_date',
  'end_date',
  /** Whole days from launch to end (end − launch), empty without both dates: the list's Duration. */
  'duration',
  'created_at',
  'updated_at',
] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** GET /v1/campaigns/: the shared list query with the columns a campaign list sorts by. */
export const CampaignListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(CAMPAIGN_SORTS),
  ...statusListFields,
});
export type CampaignListQuery = z.infer<typeof CampaignListQuerySchema>;

export const CampaignListResponseSchema = listResponse(CampaignSchema);
export type CampaignListResponse = z.infer<typeof CampaignListResponseSchema>;
