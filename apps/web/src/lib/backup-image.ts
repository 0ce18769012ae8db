import { type Asset, AssetSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { getData } from './get-data';
import { resourceKeys } from './resource-keys';

/** The assets section's keys: a rename or delete there shows wherever the backup image does. */
const assetKeys = resourceKeys('assets');

/** GET /v1/assets/{id} → a creative's backup image (its thumbnail and name), for any section. */
export const getBackupImage = (assetId: number): Promise<Asset> =>
  getData(AssetSchema, api.get(`/v1/assets/${assetId}`));

export const backupImageQueryOptions = (assetId: number) =>
  queryOptions({ queryKey: assetKeys.detail(assetId), queryFn: () => getBackupImage(assetId) });

/** The backup image of a creative, when it has one (`assetId` null: nothing is fetched). */
export const useBackupImage = (assetId: number | null, enabled = true) =>
  useQuery({ ...backupImageQueryOptions(assetId ?? 0), enabled: enabled && assetId !== null });
