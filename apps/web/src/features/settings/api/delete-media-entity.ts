import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { mediaEntityKeys } from './media-entity-keys';

/** DELETE /v1/media-entities/{id} (admins) → 204; 422 {message} while approvals name the publisher. */
export async function deleteMediaEntity(id: number): Promise<void> {
  await api.delete(`/v1/media-entities/${id}`);
}

export const useDeleteMediaEntity = () => useItemsMutation(mediaEntityKeys, deleteMediaEntity, (id) => [id]);
