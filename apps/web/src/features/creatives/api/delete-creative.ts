import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { creativeKeys } from './keys';

/** DELETE /v1/creatives/{id} → 204; 422 while it is live. */
export async function deleteCreative(id: number): Promise<void> {
  await api.delete(`/v1/creatives/${id}`);
}

export const useDeleteCreative = () => useItemsMutation(creativeKeys, deleteCreative, (id) => [id]);
