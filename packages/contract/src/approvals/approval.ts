import { z } from 'zod';
import { nameField, plainText } from '../common/fields';
import { tokenLinkUsage } from '../common/token-links';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** GET /v1/campaigns/{id}/approvals: each publisher's verdict on each creative of the campaign. */
export const CampaignApprovalSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
  comment: z.string().nullable(),
  /** The name the publisher's approver gave. */
  approver_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  /**
   * Why a decided approval went back to pending (the package, fallback or dynamic content changed
   * since the decision); null otherwise.
   */
  reset_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  creative: z.object({ id: z.number().int(), name: z.string() }),
  media_entity: z.object({ id: z.number().int(), name: z.string() }),
});
export type CampaignApproval = z.infer<typeof CampaignApprovalSchema>;

export const APPROVAL_REQUEST_CREATIVES_MAX = 200;
export const APPROVAL_REQUEST_PUBLISHERS_MAX = 50;

const ids = (noun: string, max: number) =>
  z
    .array(z.number().int().positive(), { error: `The ${noun} must be a list of ids.` })
    .min(1, `Choose at least one ${noun.replace(/s$/, '')}.`)
    .max(max, `Choose at most ${max} ${noun}.`)
    .transform((list) => [...new Set(list)]);

/**
 * POST /v1/campaigns/{id}/approvals: ask publishers to approve creatives of the campaign. Each
 * chosen publisher gets every chosen creative to decide on (pending; a decision already made
 * stands) and one link, reused while it is live.
 */
export const ApprovalRequestSchema = z.object({
  creative_ids: ids('creatives', APPROVAL_REQUEST_CREATIVES_MAX),
  media_entity_ids: ids('publishers', APPROVAL_REQUEST_PUBLISHERS_MAX),
  expires_at: z.iso
    .datetime({ offset: true, error: 'The expiry must be a valid date and time (ISO 8601).' })
    .nullish()
    .refine((value) => !value || Date.parse(value) > Date.now(), 'The expiry must be in the future.'),
});
export type ApprovalRequestInput = z.input<typeof ApprovalRequestSchema>;
export type ApprovalRequest = z.output<typeof ApprovalRequestSchema>;

/** A publisher's approval link (`url` is the full address of its page), with its use. */
export const ApprovalLinkSchema = z.object({
  id: z.number().int(),
  media_entity: z.object({ id: z.number().int(), name: z.string() }),
  url: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  ...tokenLinkUsage,
});
export type ApprovalLink = z.infer<typeof ApprovalLinkSchema>;

export const approvalLinkPath = (token: string) => `/approvals/${token}`;

/** One approval as the publisher sees it: the creative, a sandboxed render of it, and the verdict. */
export const PublisherApprovalSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
  comment: z.string().nullable(),
  approver_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  reset_reason: z.string().nullable(),
  creative: z.object({
    id: z.number().int(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  /** The newest approved package rendering the creative's first variant; null while none is approved. */
  render_url: z.string().nullable(),
  fallback_url: z.string().nullable(),
});
export type PublisherApproval = z.infer<typeof PublisherApprovalSchema>;

/**
 * GET /v1/creatives/publisherapproval/{token}/approvals: the publisher's approvals of the link's
 * campaign — pending ones, or every one with `status=all` — and how many there are of each status.
 */
export const PublisherApprovalsSchema = z.object({
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  media_entity: z.object({ id: z.number().int(), name: z.string() }),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  approvals: z.array(PublisherApprovalSchema),
});
export type PublisherApprovals = z.infer<typeof PublisherApprovalsSchema>;

export const PublisherApprovalsQuerySchema = z.object({
  status: z.enum(['all'], { error: "The status filter must be 'all'." }).optional(),
});

/** POST /v1/creatives/publisherapproval/{token}/approvals/{approvalId}: the publisher's verdict. */
export const ApprovalDecisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'The status must be approved or rejected.' }),
    comment: z
      .string({ error: 'The comment must be text.' })
      .trim()
      .check(plainText('comment', { multiline: true }))
      .max(2000, 'The comment may not be greater than 2000 characters.')
      .nullish()
      .transform((value) => value || null),
    name: nameField(200),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the creative is rejected.' });
  });
export type ApprovalDecisionInput = z.input<typeof ApprovalDecisionSchema>;
export type ApprovalDecision = z.output<typeof ApprovalDecisionSchema>;
