import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { profileKeys } from './keys';

/** DELETE /v1/profiles/{id} → 204 (soft: it can be restored from the list's deleted profiles). */
export async function deleteProfile(id: number): Promise<void> {
  await api.delete(`/v1/profiles/${id}`);
}

export const useDeleteProfile = () => useItemsMutation(profileKeys, deleteProfile, (id) => [id]);
