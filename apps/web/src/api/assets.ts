import { type Asset, AssetSchema, type AssetUpdate } from '@adstudio/contract';
import type { ListQueryParams } from '../lib/list-query';
import { resourceApi } from '../lib/resource-api';
import { resourceKeys } from '../lib/resource-keys';

/**
 * The assets' query keys, the one declaration of them: their writes invalidate `lists()`, the
 * campaigns overview with them; a creative's backup image is read under `detail(id)`, so a rename
 * or delete shows there too.
 */
export const assetKeys = {
  ...resourceKeys('assets'),
  /** GET /v1/assets/campaigns: the overview by campaign. */
  campaigns: (query: ListQueryParams) => ['assets', 'list', 'campaigns', query] as const,
  /**
   * GET /v1/creatives/{id}/{ruleId}/processing-assets: one rule's items. Not under `lists()`: asset
   * writes do not change them, and every read queues the server's jobs.
   */
  processing: (creativeId: number, ruleId: number) => ['assets', 'processing', creativeId, ruleId] as const,
  /** GET /v1/profiles/{id}/rules as the rule-assets picker asks it. */
  ruleOptions: (profileId: number, query: ListQueryParams) =>
    ['assets', 'rule-options', profileId, query] as const,
};

/**
 * /v1/assets: the list, an item, PUT {name, updated_at} to rename (409 when it changed since; the
 * form shows its failures itself), delete (restorable for ASSET_RESTORE_DAYS) and restore, a
 * state-changing GET (the client sends the XSRF header). Files are added per creative (POST
 * /v1/creatives/{id}/assets).
 */
export const assetsApi = resourceApi<Asset, { update: AssetUpdate }>('/v1/assets', {
  item: AssetSchema,
  keys: assetKeys,
  quiet: ['update'],
  restoreMethod: 'GET',
});

/** The backup image of a creative, when it has one (`assetId` null: nothing is fetched), for any section. */
export const useBackupImage = (assetId: number | null, enabled = true) =>
  assetsApi.useItem(assetId ?? 0, enabled && assetId !== null);
