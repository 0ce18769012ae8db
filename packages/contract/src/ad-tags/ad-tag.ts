import { z } from 'zod';
import { idField, nameField } from '../common/fields';
import { SimulationResultSchema } from '../conditions/rule-selection';

export const AD_TAG_NAME_MAX = 100;
/** The longest `click` (the ad server's click URL) a served tag takes; longer ones are dropped. */
export const AD_TAG_CLICK_MAX = 1024;

/**
 * The macros the snippets carry (Google Ad Manager's, escaped: the click URL sits in a query
 * parameter). An ad server that does not replace them leaves text that is no http(s) URL: the tag
 * then serves without the ad server's click counting, never broken.
 */
export const AD_TAG_CLICK_MACRO = '%%CLICK_URL_ESC%%';
export const AD_TAG_CACHEBUSTER_MACRO = '%%CACHEBUSTER%%';

/**
 * An ad tag (the ad tags issue): one placement of a creative, optionally for a publisher, with a
 * random token and the snippets a trafficker pastes into an ad server. `serve_url` answers the chosen
 * variant's document; `js` writes an iframe of it at the creative's size with the viewer's time zone;
 * `iframe` is that iframe without script (no time zone: times are read in UTC).
 */
export const AdTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  media_entity_id: z.number().int().nullable(),
  token: z.string(),
  serve_url: z.string(),
  js: z.string(),
  iframe: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type AdTag = z.infer<typeof AdTagSchema>;

/** How many UTC days a listed tag's figures cover: today and the six before it. */
export const AD_TAG_STATS_DAYS = 7;

/**
 * A listed tag: the tag with its publisher's name (null without one; a deleted publisher keeps its
 * name) and what it served over the last `AD_TAG_STATS_DAYS` UTC days, today included.
 */
export const AdTagListItemSchema = AdTagSchema.extend({
  media_entity_name: z.string().nullable(),
  impressions_7d: z.number().int(),
  clicks_7d: z.number().int(),
});
export type AdTagListItem = z.infer<typeof AdTagListItemSchema>;

/** POST /v1/creatives/{id}/tags: the placement's name and, optionally, its publisher. */
export const AdTagCreateSchema = z.object({
  name: nameField(AD_TAG_NAME_MAX),
  media_entity_id: idField('publisher').nullish(),
});
export type AdTagCreate = z.infer<typeof AdTagCreateSchema>;

export const AD_TAG_PUBLISHER_INVALID = 'The selected publisher is invalid.';

/**
 * Why a tag serves what it serves ("Try it"): `served` when the creative plays a variant; else
 * what kept it from playing one (it then shows its fallback image, or nothing).
 */
export const TAG_TRIAL_BECAUSE = [
  'served',
  'revoked',
  'gone',
  'not_live',
  'not_approved',
  'no_package',
] as const;
export type TagTrialBecause = (typeof TAG_TRIAL_BECAUSE)[number];

/** What each reason reads as, in the Tags tab's "Try it". */
export const TAG_TRIAL_MESSAGES: Record<TagTrialBecause, string> = {
  served: 'The creative is live with an approved package: the tag plays the variant below.',
  revoked: 'The tag is revoked: it answers 410 Gone.',
  gone: 'The creative or its campaign was deleted: the tag shows nothing.',
  not_live: 'The creative is not live: the tag shows its fallback image, if it has one.',
  not_approved:
    'The tag’s publisher has not approved the creative: the tag shows its fallback image, if it has one.',
  no_package: 'No package of the creative is approved: the tag shows its fallback image, if it has one.',
};

/**
 * POST /v1/creatives/{id}/tags/{tagId}/try answers: what the tag serves in the simulated context —
 * the same decision `/serve` makes, on the same compiled rules — and, when the creative has a feed,
 * the simulator's account of it (the trace, and the variant's render).
 */
export const TagTrialSchema = z.object({
  serves: z.enum(['variant', 'fallback', 'nothing']),
  because: z.enum(TAG_TRIAL_BECAUSE),
  /** The rule the tag plays (null: none). */
  rule_id: z.number().int().nullable(),
  /** A render of the variant the tag plays (signed, sandboxed); null unless it plays one. */
  render_url: z.string().nullable(),
  simulation: SimulationResultSchema.nullable(),
});
export type TagTrial = z.infer<typeof TagTrialSchema>;
