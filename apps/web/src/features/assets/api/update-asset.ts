import { type Asset, AssetSchema, type AssetUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { assetKeys } from './keys';

/** PUT /v1/assets/{id} {name, updated_at}: rename; 409 when it changed since `updated_at`. */
export const updateAsset = ({ id, body }: { id: number; body: AssetUpdate }): Promise<Asset> =>
  getData(AssetSchema, api.put(`/v1/assets/${id}`, body));

/** The rename form shows its failures itself (conflict, field errors). */
export const useUpdateAsset = () => useItemMutation(assetKeys, updateAsset, { alertOnError: false });
