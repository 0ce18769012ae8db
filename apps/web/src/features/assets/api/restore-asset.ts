import { type Asset, AssetSchema } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { assetKeys } from './keys';

/** GET /v1/assets/{id}/restore → the asset, live again (a state-changing GET: the client sends the XSRF header). */
export const restoreAsset = (id: number): Promise<Asset> =>
  getData(AssetSchema, api.get(`/v1/assets/${id}/restore`));

export const useRestoreAsset = () => useItemMutation(assetKeys, restoreAsset);
