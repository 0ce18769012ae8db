import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { templateKeys } from './template-keys';

/** DELETE /v1/profile-templates/{id} → 204; 422 {message} naming the profiles that use it. */
export async function deleteProfileTemplate(id: number): Promise<void> {
  await api.delete(`/v1/profile-templates/${id}`);
}

export const useDeleteProfileTemplate = () =>
  useItemsMutation(templateKeys, deleteProfileTemplate, (id) => [id]);
