import { z } from 'zod';
import { idField, nameField } from '../common/fields';
import { SimulationResultSchema } from '../conditions/rule-selection';

export const AD_TAG_NAME_MAX = 100;
/** The longest `click` (the ad server's click URL) a served tag takes; longer ones are dropped. */
export const AD_TAG_CLICK_MAX = 1024;

/** The ad servers a tag is written for: its snippets carry that ad server's macros. */
export const AD_SERVERS = ['gam', 'cm360', 'ttd', 'xandr', 'generic'] as const;
export const AdServerSchema = z.enum(AD_SERVERS);
export type AdServer = z.infer<typeof AdServerSchema>;

/** What each ad server reads as, in the Tags tab. */
export const AD_SERVER_LABELS: Record<AdServer, string> = {
  gam: 'Google Ad Manager',
  cm360: 'Campaign Manager 360',
  ttd: 'The Trade Desk',
  xandr: 'Xandr',
  generic: 'Generic',
};

/**
 * An ad server's macros as its own documentation spells them (docs/api.md, "Ad tags", names the
 * pages). `click` is its click URL macro, written into the snippet's `click=` parameter: `escaped`
 * when the ad server fills it URL-encoded (a parameter's value, decoded once by the query string),
 * else as is (then `click=` comes last and is read to the end of the URL). `join` is how our click
 * tracker follows that click URL: `raw` for a click URL that takes the rest of itself as the target
 * (Google Ad Manager's `adurl=`), `encoded` (encodeURIComponent, once) for a redirector that reads
 * its target as one parameter and would cut a raw one at its first `&`, losing the signature.
 * An ad server that does not replace a macro leaves text that is no http(s) URL: the tag then serves
 * without the ad server's click counting, never broken.
 */
export interface AdServerMacros {
  click: string;
  escaped: boolean;
  cachebuster: string;
  join: 'raw' | 'encoded';
}

/** Each ad server's macros; `generic` has none (the tag serves our click tracker alone). */
export const AD_SERVER_MACROS: Record<AdServer, AdServerMacros | null> = {
  gam: { click: '%%CLICK_URL_ESC%%', escaped: true, cachebuster: '%%CACHEBUSTER%%', join: 'raw' },
  cm360: { click: '%c', escaped: false, cachebuster: '%n', join: 'encoded' },
  ttd: { click: '%%TTD_CLK_ESC%%', escaped: true, cachebuster: '%%TTD_CACHEBUSTER%%', join: 'encoded' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Xandr spells its macros ${…}
  xandr: { click: '${CLICK_URL_ENC}', escaped: true, cachebuster: '${CACHEBUSTER}', join: 'encoded' },
  generic: null,
};

/**
 * An ad tag (docs/design.md §11): one placement of a creative, optionally for a publisher, with a
 * random token and the snippets a trafficker pastes into an ad server. `serve_url` answers the chosen
 * variant's document; `js` writes an iframe of it at the creative's size with the viewer's time zone;
 * `iframe` is that iframe without script (no time zone: times are read in UTC).
 */
export const AdTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  media_entity_id: z.number().int().nullable(),
  token: z.string(),
  /** The ad server the snippets are written for: their macros and how our click tracker joins its click URL. */
  ad_server: AdServerSchema,
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

/**
 * POST /v1/creatives/{id}/tags: the placement's name, optionally its publisher, and the ad server
 * it is pasted into (Google Ad Manager when absent).
 */
export const AdTagCreateSchema = z.object({
  name: nameField(AD_TAG_NAME_MAX),
  media_entity_id: idField('publisher').nullish(),
  ad_server: AdServerSchema.default('gam'),
});
export type AdTagCreate = z.infer<typeof AdTagCreateSchema>;
export type AdTagCreateInput = z.input<typeof AdTagCreateSchema>;

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
  revoked:
    'The tag is revoked: it answers every ad call with no ad, so its placement shows nothing of the creative.',
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
