import { assetKindOf, sizeLabel } from '@adstudio/contract';

export const FALLBACK_OTHER_CREATIVE = 'The asset belongs to another creative.';
export const FALLBACK_DELETED = 'The asset is deleted; restore it first.';
export const FALLBACK_SIZE_UNKNOWN = "The image's size could not be read.";
export const fallbackNotImage = (contentType: string) =>
  `The asset is not an image (${contentType}); the fallback must be an image.`;
export const fallbackWrongSize = (image: string, creative: string) =>
  `The image is ${image} but the creative is ${creative}.`;

/** An asset as the fallback rule reads it: whose it is, what it is, its size, whether it is deleted. */
export interface FallbackCandidate {
  creative_id: number;
  content_type: string;
  width: number | null;
  height: number | null;
  deleted_at: string | null;
}

/** Why an asset cannot be a creative's fallback, if it cannot (docs/design.md §5). */
export function fallbackProblem(
  creative: { id: number; width: number; height: number },
  asset: FallbackCandidate,
): string | undefined {
  if (asset.creative_id !== creative.id) return FALLBACK_OTHER_CREATIVE;
  if (asset.deleted_at) return FALLBACK_DELETED;
  if (assetKindOf(asset.content_type) !== 'image') return fallbackNotImage(asset.content_type);
  if (asset.width === null || asset.height === null) return FALLBACK_SIZE_UNKNOWN;
  if (asset.width !== creative.width || asset.height !== creative.height) {
    return fallbackWrongSize(sizeLabel({ width: asset.width, height: asset.height }), sizeLabel(creative));
  }
  return undefined;
}
