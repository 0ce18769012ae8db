import { z } from 'zod';
import { HistoryEntrySchema } from '../audit/history';
import { UpdatedAtSchema } from '../common/based-on';
import { blankToNull, httpUrl, idField, nameField, StatusSchema, textField } from '../common/fields';
import { STATUSES } from '../statuses';
import { CreativeRotationSchema, RotationFieldsSchema } from './rotation';

export const CREATIVE_NAME_MAX = 200;
export const CREATIVE_SIZE_MAX = 4000;

/** IAB sizes the form offers (docs/design.md §5); any other size is "custom". */
export const IAB_SIZES = [
  { width: 300, height: 250, label: 'Medium rectangle' },
  { width: 728, height: 90, label: 'Leaderboard' },
  { width: 160, height: 600, label: 'Wide skyscraper' },
  { width: 300, height: 600, label: 'Half page' },
  { width: 320, height: 50, label: 'Mobile banner' },
  { width: 320, height: 480, label: 'Mobile interstitial' },
  { width: 970, height: 250, label: 'Billboard' },
  { width: 336, height: 280, label: 'Large rectangle' },
] as const;

/** `300x250`, as sizes are written in lists and filters. */
export const sizeLabel = (size: { width: number; height: number }) => `${size.width}x${size.height}`;

const dimension = (label: string) =>
  z
    .number({ error: `The ${label} field is required.` })
    .int(`The ${label} must be a whole number of pixels.`)
    .min(1, `The ${label} must be at least 1 px.`)
    .max(CREATIVE_SIZE_MAX, `The ${label} may not be greater than ${CREATIVE_SIZE_MAX} px.`);

/** Which of its feed's rules a creative serves: those whose `column` holds one of `values`. None = all. */
export const RuleFilterSchema = z.object({
  column: textField('rule filter column', { required: true, max: 100 }),
  values: z
    .array(
      textField('rule filter value', { trim: false }).max(
        500,
        'A rule filter value may not be greater than 500 characters.',
      ),
      { error: 'The rule filter values must be a list of texts.' },
    )
    .min(1, 'Give at least one rule filter value.')
    .max(1000, 'Give at most 1000 rule filter values.'),
});
export type RuleFilter = z.infer<typeof RuleFilterSchema>;

export const CreativeSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  /**
   * The campaign it belongs to, for lists and links, with its status: a live creative's tags serve
   * whatever the campaign's status, which the app warns about when the campaign is not live.
   */
  campaign: z.object({ id: z.number().int(), name: z.string(), status: z.enum(STATUSES) }),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  status: z.enum(STATUSES),
  click_url: z.string().nullable(),
  /** The feed that drives it (profiles come with their own slice). */
  profile_id: z.number().int().nullable(),
  /** As stored: answers are not held to the input rules (rows written before a rule keep reading). */
  rule_filter: z.object({ column: z.string(), values: z.array(z.string()) }).nullable(),
  /** Its backup image (set from its assets). */
  fallback_asset_id: z.number().int().nullable(),
  ...CreativeRotationSchema.shape,
  created_at: z.string(),
  updated_at: z.string(),
  /** Set on a soft-deleted creative (listed with `deleted=1`, restorable). */
  deleted_at: z.string().nullable(),
  /** The statuses the current user may move this creative to. */
  allowed_statuses: z.array(z.enum(STATUSES)),
  /** Only with `?include=history`; newest first. */
  history: z.array(HistoryEntrySchema).optional(),
});
export type Creative = z.infer<typeof CreativeSchema>;

const CreativeFieldsSchema = z.object({
  campaign_id: idField('campaign'),
  name: nameField(CREATIVE_NAME_MAX),
  width: dimension('width'),
  height: dimension('height'),
  click_url: blankToNull(httpUrl('click URL')),
  profile_id: idField('profile').nullable().optional(),
  rule_filter: RuleFilterSchema.nullable().optional(),
  ...RotationFieldsSchema.partial().shape,
});

/**
 * POST /v1/creatives, and the SPA's new-creative form. A new creative starts as draft; its name is
 * unique within its campaign (ignoring case).
 */
export const CreativeCreateSchema = CreativeFieldsSchema;
export type CreativeCreateInput = z.input<typeof CreativeCreateSchema>;
export type CreativeCreate = z.output<typeof CreativeCreateSchema>;

/**
 * PUT /v1/creatives/{id}: any subset of the fields and/or a status move. A change of any field but
 * status carries the `updated_at` it was based on (or `If-Match`): 409 when the creative changed.
 */
export const CreativeUpdateSchema = CreativeFieldsSchema.partial().extend({
  status: StatusSchema.optional(),
  updated_at: UpdatedAtSchema.optional(),
});
export type CreativeUpdateInput = z.input<typeof CreativeUpdateSchema>;
export type CreativeUpdate = z.output<typeof CreativeUpdateSchema>;

export const CreativeIncludeQuerySchema = z.object({
  include: z.enum(['history'], { error: 'The include must be: history.' }).optional(),
});
