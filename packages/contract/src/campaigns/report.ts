import { z } from 'zod';
import { LiftIntervalSchema } from './lift';

/**
 * A campaign report (docs/design.md §9): impressions, clicks and CTR for a timeframe, read from
 * the daily stats the trackers fill. The shared link's page (`GET /v1/campaigns/externalreport/{token}`)
 * and the campaign's own report (`GET /v1/campaigns/{id}/report`) answer the same shape.
 */

/** `?start=&end=`: the days to show, each end included; clamped to what the link or campaign allows. */
export const ReportQuerySchema = z
  .object({
    start: z.iso.date({ error: 'The start must be a valid date (YYYY-MM-DD).' }).optional(),
    end: z.iso.date({ error: 'The end must be a valid date (YYYY-MM-DD).' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.start && value.end && value.end < value.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must not be before the start.' });
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** The longest timeframe one report shows, in days (a daily chart of more says nothing). */
export const REPORT_DAYS_MAX = 731;

const figures = {
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions, 0 without impressions (a fraction: 0.0123 is 1.23 %). */
  ctr: z.number(),
  /** Conversions reported for clicks of these views (issue 46), by the day they occurred. */
  conversions: z.number().int(),
  /** conversions / clicks, 0 without clicks. */
  cvr: z.number(),
  /** The conversions' summed value (those reported without one count 0). */
  value: z.number(),
};
export const ReportFiguresSchema = z.object(figures);
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

const ArmSchema = z.object(figures);
const LiftRowSchema = z.object({
  creative_id: z.number().int(),
  creative_name: z.string(),
  /** The tag (null: the creative's views, every tag and none). */
  tag_id: z.number().int().nullable(),
  tag_name: z.string().nullable(),
  /** The creative's holdout now (the timeframe's views may have had another). */
  holdout_percent: z.number().int(),
  dynamic: ArmSchema,
  control: ArmSchema,
  ctr_lift: LiftIntervalSchema.nullable(),
  cvr_lift: LiftIntervalSchema.nullable(),
});

export const CampaignReportSchema = z.object({
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  /** The days shown (YYYY-MM-DD, both included). */
  start: z.string(),
  end: z.string(),
  /** The widest timeframe this report may show: the link's, else the campaign's dates. */
  bounds: z.object({ start: z.string(), end: z.string() }),
  totals: ReportFiguresSchema,
  /** Every day from start to end, days without traffic at zero. */
  daily: z.array(z.object({ day: z.string(), ...figures })),
  /** The campaign's creatives with traffic or still live, most impressions first. */
  creatives: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      ...figures,
    }),
  ),
  /** Per variant (feed rule; rule 0 is a creative without feed), most impressions first. */
  variants: z.array(
    z.object({
      creative_id: z.number().int(),
      creative_name: z.string(),
      rule_id: z.number().int(),
      reporting_label: z.string(),
      ...figures,
      /** The 95 % Wilson interval of its CTR (issue 46): how sure the figure is. */
      ctr_low: z.number(),
      ctr_high: z.number(),
    }),
  ),
  /** How many variants had traffic; `variants` holds at most REPORT_VARIANTS_MAX. */
  variants_total: z.number().int(),
  tags: z
    .array(
      z.object({
        id: z.number().int(),
        /** The placement's name. */
        name: z.string(),
        creative_id: z.number().int(),
        creative_name: z.string(),
        /** The publisher the tag is for (a deleted one still named); null when none. */
        media_entity_name: z.string().nullable(),
        revoked_at: z.string().nullable(),
        ...figures,
      }),
    )
    .meta({
      description:
        "Per ad tag of the campaign's creatives, from the tags' daily stats: every tag that served in " +
        'the timeframe (revoked ones too), and the live tags of live creatives without traffic at zero; ' +
        'a revoked tag without traffic in the timeframe is left out. Most impressions first, then by name.',
    }),
  /**
   * The holdout's measure (issue 46): per creative with a holdout or control views in the
   * timeframe, and per tag of those, the dynamic views against the static control — CTR and CVR
   * with the difference's 95 % interval (Newcombe), null while an arm has no views (or clicks).
   */
  lift: z.object({
    creatives: z.array(LiftRowSchema),
    tags: z.array(LiftRowSchema),
  }),
});
export type CampaignReport = z.infer<typeof CampaignReportSchema>;
export type ReportLift = CampaignReport['lift']['creatives'][number];

export const REPORT_VARIANTS_MAX = 1000;

export const REPORT_NEWS_KINDS = ['new_creative', 'status', 'approval'] as const;

/**
 * `GET /v1/campaigns/externalreport/{token}/new`: what changed since this viewer's previous visit
 * (the link's creation on a first visit): creatives added, status moves of the campaign and its
 * creatives, publishers' decisions. Newest first, at most REPORT_NEWS_MAX.
 */
export const ReportNewsSchema = z.object({
  since: z.string(),
  items: z.array(
    z.object({
      kind: z.enum(REPORT_NEWS_KINDS),
      at: z.string(),
      /** The creative it is about; null for the campaign itself. */
      creative: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      /** A status move's old and new status; a decision's verdict in `to`. */
      from: z.string().nullable(),
      to: z.string().nullable(),
      /** The publisher that decided (approvals). */
      publisher: z.string().nullable(),
    }),
  ),
});
export type ReportNews = z.infer<typeof ReportNewsSchema>;
export const REPORT_NEWS_MAX = 50;
