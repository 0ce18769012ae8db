import { z } from 'zod';
import { STATUSES } from '../statuses';

/** GET /v1/campaigns/{id}/creatives: what the campaign view lists and links to. */
export const CampaignCreativeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  status: z.enum(STATUSES),
});
export type CampaignCreative = z.infer<typeof CampaignCreativeSchema>;

const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** GET /v1/campaigns/{id}/approvals: each publisher's verdict on each creative. */
export const CampaignApprovalSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
  comment: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  creative: z.object({ id: z.number().int(), name: z.string() }),
  media_entity: z.object({ id: z.number().int(), name: z.string() }),
});
export type CampaignApproval = z.infer<typeof CampaignApprovalSchema>;
