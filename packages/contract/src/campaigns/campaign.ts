import { z } from 'zod';
import { HistoryEntrySchema } from '../audit/history';
import { UpdatedAtSchema } from '../common/based-on';
import { blankToNull, httpUrl, isoDate, nameField, StatusSchema } from '../common/fields';
import { STATUSES } from '../statuses';

export const CAMPAIGN_NAME_MAX = 200;

export const CampaignStatusSchema = StatusSchema;

/** One flight of a campaign; both ends inclusive. */
export const DateRangeSchema = z.object({
  start: isoDate('range start'),
  end: isoDate('range end'),
});
export type DateRange = z.infer<typeof DateRangeSchema>;

export const CampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  ranges: z.array(DateRangeSchema),
  launch_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.enum(STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set on a soft-deleted campaign (listed with `deleted=1`, restorable). */
  deleted_at: z.string().nullable(),
  /** The statuses the current user may move this campaign to. */
  allowed_statuses: z.array(z.enum(STATUSES)),
  /** Only with `?include=history`; newest first. */
  history: z.array(HistoryEntrySchema).optional(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** The editable fields, without cross-field rules (so they can be made partial). */
const CampaignFieldsSchema = z.object({
  name: nameField(CAMPAIGN_NAME_MAX),
  url: blankToNull(httpUrl('URL')),
  ranges: z.array(DateRangeSchema, { error: 'The ranges must be a list of {start, end} dates.' }).max(100),
  launch_date: blankToNull(isoDate('launch date')),
  end_date: blankToNull(isoDate('end date')),
});

export interface CampaignDates {
  launch_date?: string | null;
  end_date?: string | null;
  ranges?: readonly DateRange[];
}

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The rules that span fields: end not before launch, every range in order, inside launch–end and not
 * overlapping another. Used by the schemas and again by the server on the merged record of an update.
 */
export function campaignDateIssues({ launch_date, end_date, ranges = [] }: CampaignDates): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (launch_date && end_date && end_date < launch_date) {
    issues.push({ path: ['end_date'], message: 'The end date must not be before the launch date.' });
  }
  ranges.forEach((range, i) => {
    if (range.end < range.start) {
      issues.push({ path: ['ranges', i, 'end'], message: 'The range must not end before it starts.' });
      return;
    }
    if (launch_date && range.start < launch_date) {
      issues.push({
        path: ['ranges', i, 'start'],
        message: 'The range must not start before the launch date.',
      });
    }
    if (end_date && range.end > end_date) {
      issues.push({ path: ['ranges', i, 'end'], message: 'The range must not end after the end date.' });
    }
    const overlapped = ranges.findIndex(
      (other, j) => j < i && other.start <= other.end && other.start <= range.end && range.start <= other.end,
    );
    if (overlapped !== -1) {
      issues.push({
        path: ['ranges', i, 'start'],
        message: `The range overlaps range ${overlapped + 1}.`,
      });
    }
  });
  return issues;
}

const withDateRules = (value: CampaignDates, ctx: z.RefinementCtx) => {
  for (const issue of campaignDateIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
};

/** POST /v1/campaigns, and the SPA's new-campaign form. A new campaign starts as draft. */
export const CampaignCreateSchema = CampaignFieldsSchema.extend({
  ranges: CampaignFieldsSchema.shape.ranges.default([]),
}).superRefine(withDateRules);
export type CampaignCreateInput = z.input<typeof CampaignCreateSchema>;
export type CampaignCreate = z.output<typeof CampaignCreateSchema>;

/**
 * PUT /v1/campaigns/{id}: any subset of the fields, and/or a status move. `updated_at` is the
 * version the edit was based on; required (here or in `If-Match`) when a field other than the
 * status changes.
 */
export const CampaignUpdateSchema = CampaignFieldsSchema.partial()
  .extend({ status: CampaignStatusSchema.optional(), updated_at: UpdatedAtSchema.optional() })
  .superRefine(withDateRules);
export type CampaignUpdateInput = z.input<typeof CampaignUpdateSchema>;
export type CampaignUpdate = z.output<typeof CampaignUpdateSchema>;

export const CampaignIncludeQuerySchema = z.object({
  include: z.enum(['history'], { error: 'The include must be: history.' }).optional(),
});
export type CampaignIncludeQuery = z.infer<typeof CampaignIncludeQuerySchema>;
