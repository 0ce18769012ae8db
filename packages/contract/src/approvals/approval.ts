import { z } from 'zod';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** GET /v1/campaigns/{id}/approvals: each publisher's verdict on each creative of the campaign. */
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
