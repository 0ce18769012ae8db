import { z } from 'zod';
import { CampaignStatusSchema } from './campaign';

const BulkIdsSchema = z
  .array(z.number().int().positive().max(2_147_483_647), { error: 'The ids must be a list of campaign ids.' })
  .min(1, 'Select at least one campaign.')
  .max(1000, 'Select at most 1000 campaigns at once.');

/** POST /v1/campaigns/bulk: move many campaigns to one status, or delete them. */
export const CampaignBulkSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('status'), ids: BulkIdsSchema, status: CampaignStatusSchema }),
    z.object({ action: z.literal('delete'), ids: BulkIdsSchema }),
  ],
  { error: 'The action must be status or delete.' },
);
export type CampaignBulk = z.infer<typeof CampaignBulkSchema>;

/** What happened to one selected campaign; `message` says why when it was refused. */
export const BulkResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
