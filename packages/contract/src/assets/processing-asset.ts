import { z } from 'zod';

/**
 * Where one processing asset is: queued → fetching → ready, or failed with the reason;
 * `unavailable` when the server cannot make it at all (a backup image without headless Chromium,
 * or without an approved package to render).
 */
export const PROCESSING_STATES = ['queued', 'fetching', 'ready', 'failed', 'unavailable'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** `image`: a file a rule's image URL column points at; `backup`: the rule's variant rendered as a PNG. */
export const PROCESSING_KINDS = ['image', 'backup'] as const;
export type ProcessingKind = (typeof PROCESSING_KINDS)[number];

/** The largest file a rule's image URL may bring (bytes). */
export const PROCESSING_IMAGE_MAX_BYTES = 20 * 1024 * 1024;

/** File extensions that make a URL value look like an image when the profile has no template. */
export const IMAGE_URL_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif'] as const;

/**
 * Whether a feed value looks like an image URL: http(s), and a path ending in an image extension.
 * Used for profiles without a template (a template names its `image_url` columns).
 */
export function looksLikeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const extension = url.pathname.toLowerCase().split('.').pop() ?? '';
  return url.pathname.includes('.') && (IMAGE_URL_EXTENSIONS as readonly string[]).includes(extension);
}

export const ProcessingAssetSchema = z.object({
  id: z.number().int(),
  creative_id: z.number().int(),
  rule_id: z.number().int(),
  kind: z.enum(PROCESSING_KINDS),
  /** The feed column the image URL comes from; null for the backup image. */
  column: z.string().nullable(),
  /** The URL fetched (image), or null (backup). */
  source_url: z.string().nullable(),
  state: z.enum(PROCESSING_STATES),
  /** Why it failed or is unavailable, in words a user can act on; null otherwise. */
  reason: z.string().nullable(),
  content_type: z.string().nullable(),
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Short-lived signed URLs of the stored file and its thumbnail, once ready. */
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  updated_at: z.string(),
});
export type ProcessingAsset = z.infer<typeof ProcessingAssetSchema>;

export const ProcessingAssetListResponseSchema = z.object({ data: z.array(ProcessingAssetSchema) });

/** `GET /v1/creatives/{id}/{ruleId}/processing-assets?retry=1` starts failed items over. */
export const ProcessingAssetQuerySchema = z.object({
  retry: z
    .enum(['0', '1', 'true', 'false'], { error: 'The retry field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
