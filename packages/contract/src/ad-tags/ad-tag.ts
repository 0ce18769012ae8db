import { z } from 'zod';
import { idField, nameField } from '../common/fields';

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
