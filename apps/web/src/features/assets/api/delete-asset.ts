import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { assetKeys } from './keys';

/** DELETE /v1/assets/{id} → 204; restorable for ASSET_RESTORE_DAYS. */
export async function deleteAsset(id: number): Promise<void> {
  await api.delete(`/v1/assets/${id}`);
}

export const useDeleteAsset = () => useItemsMutation(assetKeys, deleteAsset, (id) => [id]);
