import type { z } from 'zod';
import { bulkSchema } from '../common/bulk';

/** POST /v1/campaigns/bulk: move many campaigns to one status, delete or restore them. */
export const CampaignBulkSchema = bulkSchema('campaign');
export type CampaignBulk = z.infer<typeof CampaignBulkSchema>;
