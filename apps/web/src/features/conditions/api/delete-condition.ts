import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { conditionKeys } from './keys';

/**
 * DELETE /v1/conditions/{id} → 204 (soft: restorable from the list's deleted conditions), or 422
 * naming the profiles whose rules use it.
 */
export async function deleteCondition(id: number): Promise<void> {
  await api.delete(`/v1/conditions/${id}`);
}

/** The delete dialog shows a refusal itself (see ResourceActions' `refusalInDialog`). */
export const useDeleteCondition = () =>
  useItemsMutation(conditionKeys, deleteCondition, (id) => [id], { alertOnError: false });
