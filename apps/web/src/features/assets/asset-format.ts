import type { Asset, AssetKind, AssetSort } from '@adstudio/contract';
import type { ListQueryParams } from '../../lib/list-query';

export const KIND_LABELS: Readonly<Record<AssetKind, string>> = {
  image: 'Image',
  video: 'Video',
  font: 'Font',
  data: 'File',
};

/** `300 × 250`, or '' when the file has no pixel size. */
export const dimensionsText = (asset: Pick<Asset, 'width' | 'height'>): string =>
  asset.width !== null && asset.height !== null ? `${asset.width} × ${asset.height}` : '';

/** "Image · PNG". */
export const typeText = (asset: Pick<Asset, 'kind' | 'extension'>): string =>
  [KIND_LABELS[asset.kind], asset.extension.toUpperCase()].filter(Boolean).join(' · ');

/** Only an image of exactly the creative's size may be its backup image (the server checks too). */
export const fitsAsBackupImage = (
  asset: Pick<Asset, 'kind' | 'width' | 'height' | 'deleted_at'>,
  creative: { width: number; height: number },
): boolean =>
  asset.kind === 'image' &&
  asset.deleted_at === null &&
  asset.width === creative.width &&
  asset.height === creative.height;

/** The orders the assets grid offers, each a `sort-by` and `sort-order` of the list query. */
export const ASSET_ORDERS = [
  { value: 'newest', label: 'Newest first', sort: 'created_at', order: 'desc' },
  { value: 'oldest', label: 'Oldest first', sort: 'created_at', order: 'asc' },
  { value: 'name', label: 'Name (A–Z)', sort: 'name', order: 'asc' },
  { value: 'largest', label: 'Largest first', sort: 'size', order: 'desc' },
  { value: 'changed', label: 'Recently changed', sort: 'updated_at', order: 'desc' },
] as const satisfies readonly { value: string; label: string; sort: AssetSort; order: 'asc' | 'desc' }[];
export type AssetOrder = (typeof ASSET_ORDERS)[number]['value'];

/** What the grid's toolbar sets: the list query of one creative's assets (all of them, one page). */
export interface AssetView {
  filter: string;
  order: AssetOrder;
  deleted: boolean;
}

export function assetViewQuery(view: AssetView): ListQueryParams {
  const order = ASSET_ORDERS.find((entry) => entry.value === view.order) ?? ASSET_ORDERS[0];
  const query: ListQueryParams = { 'items-per-page': -1, 'sort-by': order.sort, 'sort-order': order.order };
  const filter = view.filter.trim();
  if (filter) query.filter = filter;
  if (view.deleted) query.deleted = 1;
  return query;
}

/** A campaign's assets by creative, each group in the list's order. */
export function groupByCreative<T extends Pick<Asset, 'creative_id'>>(
  assets: readonly T[],
): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const asset of assets) {
    const group = groups.get(asset.creative_id);
    if (group) group.push(asset);
    else groups.set(asset.creative_id, [asset]);
  }
  return groups;
}
