import { type Asset, AssetSchema } from '@adstudio/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { assetKeys } from './keys';

/** GET /v1/assets/{id} (the rename's "reload and re-apply" reads the latest version). */
export const getAsset = (id: number): Promise<Asset> => getData(AssetSchema, api.get(`/v1/assets/${id}`));

export const assetQueryOptions = (id: number) =>
  queryOptions({ queryKey: assetKeys.detail(id), queryFn: () => getAsset(id) });
