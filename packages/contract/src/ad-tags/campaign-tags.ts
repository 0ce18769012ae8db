import { z } from 'zod';
import { AdTagListItemSchema } from './ad-tag';

/**
 * GET /v1/campaigns/{id}/tags: every tag of the campaign's live creatives (revoked ones too), each
 * with its creative's name and size, the way the campaign's Tags tab lists them.
 */
export const CampaignAdTagSchema = AdTagListItemSchema.extend({
  creative_id: z.number().int(),
  creative_name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CampaignAdTag = z.infer<typeof CampaignAdTagSchema>;

/** The most tags a campaign's list and trafficking sheet hold (more is refused with 422, never cut). */
export const CAMPAIGN_TAGS_MAX = 2000;
export const CAMPAIGN_TAGS_TOO_MANY = `The campaign has more than ${CAMPAIGN_TAGS_MAX} tags: export its creatives' tags one creative at a time.`;

/** The list as JSON (default), or the trafficking sheet of its active tags as CSV or XLSX. */
export const TRAFFICKING_FORMATS = ['json', 'csv', 'xlsx'] as const;
export const CampaignAdTagsQuerySchema = z.object({
  format: z.enum(TRAFFICKING_FORMATS, { error: 'The format must be json, csv or xlsx.' }).optional(),
});
export type TraffickingFormat = (typeof TRAFFICKING_FORMATS)[number];

/**
 * The trafficking sheet's columns, in order: what an ad-ops team hands to whoever traffics the
 * placements into the ad server. One row per active tag; revoked tags are left out (they serve
 * nothing and must not be trafficked).
 */
export const TRAFFICKING_SHEET_COLUMNS = [
  'Creative',
  'Placement',
  'Size',
  'Ad server',
  'Publisher',
  'JS tag',
  'Iframe tag',
  'Serve URL',
] as const;
