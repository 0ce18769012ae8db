import { z } from 'zod';
import { UpdatedAtSchema } from '../common/based-on';
import { textField } from '../common/fields';
import { idFilter, ListQuerySchema, listResponse, sortBy, statusListFields } from '../common/list-query';

export const ASSET_NAME_MAX = 255;
/** How many uploads one `POST /v1/creatives/{id}/assets` may claim. */
export const ASSETS_PER_CLAIM_MAX = 50;
/** A deleted asset can be restored this long; afterwards it is purged with its files. */
export const ASSET_RESTORE_DAYS = 30;
/** Thumbnails fit this box (px), keeping the image's proportions. */
export const THUMBNAIL_BOX = 320;

/** What an asset is, from its detected content type. */
export const ASSET_KINDS = ['image', 'video', 'font', 'data'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export const assetKindOf = (contentType: string): AssetKind =>
  contentType.startsWith('image/')
    ? 'image'
    : contentType.startsWith('video/')
      ? 'video'
      : contentType.startsWith('font/')
        ? 'font'
        : 'data';

export const AssetSchema = z.object({
  id: z.number().int(),
  creative_id: z.number().int(),
  /** The creative's campaign, for lists grouped by campaign. */
  campaign_id: z.number().int(),
  /** Shown and editable (PUT); starts as the uploaded file's name. */
  name: z.string(),
  /** The file's name when it was uploaded. */
  original_name: z.string(),
  /** Detected from the bytes, never taken from the browser. */
  content_type: z.string(),
  kind: z.enum(ASSET_KINDS),
  extension: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Pixels, for images and video; null otherwise or when the file does not say. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string(),
  /** Another live asset of the same creative with the same bytes (the earliest), if any. */
  duplicate_of: z.number().int().nullable(),
  /** Short-lived signed GET URL of the file. */
  url: z.string(),
  /** Short-lived signed GET URL of a WebP thumbnail (images only). */
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set on a soft-deleted asset; restorable until `purge_at`. */
  deleted_at: z.string().nullable(),
  purge_at: z.string().nullable(),
});
export type Asset = z.infer<typeof AssetSchema>;

/** One uploaded object to keep: the `key` from `POST /vapor/signed-storage-url`, and the file's name. */
export const AssetClaimSchema = z.object({
  key: textField('key', { required: true, max: 255 }),
  name: textField('name', { required: true, max: ASSET_NAME_MAX }),
});
export type AssetClaim = z.infer<typeof AssetClaimSchema>;

/**
 * POST /v1/creatives/{id}/assets: one upload (`{key, name}`, answered `{data: Asset}`) or many
 * (`{assets: [...]}`, answered `{data: Asset[]}`) — spec section 7: "response data is one or many".
 */
export const AssetCreateSchema = z.union([
  AssetClaimSchema,
  z.object({
    assets: z
      .array(AssetClaimSchema, { error: 'The assets field must be a list.' })
      .min(1, 'The assets field is required.')
      .max(ASSETS_PER_CLAIM_MAX, `At most ${ASSETS_PER_CLAIM_MAX} assets at once.`),
  }),
]);
export type AssetCreate = z.infer<typeof AssetCreateSchema>;

/**
 * PUT /v1/assets/{id}: rename. Carries the `updated_at` it was based on (or `If-Match`): 409 when the
 * asset changed meanwhile, 422 when neither is sent.
 */
export const AssetUpdateSchema = z.object({
  name: AssetClaimSchema.shape.name,
  updated_at: UpdatedAtSchema.optional(),
});
export type AssetUpdate = z.infer<typeof AssetUpdateSchema>;

export const ASSET_SORTS = ['name', 'size', 'created_at', 'updated_at'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

/**
 * GET /v1/assets/ and GET /v1/creatives/{id}/assets/: the shared list query (`filter` matches the
 * name) with `deleted=1` (only deleted ones, restorable), `kind`, `campaign_id` and `creative_id`.
 */
export const AssetListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(ASSET_SORTS),
  deleted: statusListFields.deleted,
  kind: z.enum(ASSET_KINDS).optional(),
  campaign_id: idFilter('campaign_id'),
  creative_id: idFilter('creative_id'),
});
export type AssetListQuery = z.infer<typeof AssetListQuerySchema>;

export const AssetListResponseSchema = listResponse(AssetSchema);
export type AssetListResponse = z.infer<typeof AssetListResponseSchema>;

export const ASSET_CAMPAIGN_SORTS = ['name', 'updated_at'] as const;
export type AssetCampaignSort = (typeof ASSET_CAMPAIGN_SORTS)[number];

/**
 * GET /v1/assets/campaigns: the shared list query over live campaigns that have live creatives;
 * `filter` matches the campaign's name. Default order: the campaign's updated_at desc.
 */
export const AssetCampaignListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(ASSET_CAMPAIGN_SORTS),
});
export type AssetCampaignListQuery = z.infer<typeof AssetCampaignListQuerySchema>;

/** GET /v1/assets/campaigns: the `/assets` overview, one row per campaign that has creatives. */
export const AssetCampaignSummarySchema = z.object({
  campaign: z.object({ id: z.number().int(), name: z.string() }),
  creatives: z.number().int(),
  assets: z.number().int(),
  /** Thumbnails of its newest image assets, newest first (at most 4). */
  latest: z.array(z.object({ id: z.number().int(), name: z.string(), thumbnail_url: z.string() })),
});
export type AssetCampaignSummary = z.infer<typeof AssetCampaignSummarySchema>;
export const AssetCampaignListResponseSchema = listResponse(AssetCampaignSummarySchema);
export type AssetCampaignListResponse = z.infer<typeof AssetCampaignListResponseSchema>;
