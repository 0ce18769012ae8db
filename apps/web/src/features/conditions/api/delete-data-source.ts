import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { dataSourceKeys } from './keys';

/** DELETE /v1/datasource/{id} → 204 (restorable), or 422 naming the conditions that read it. */
export async function deleteDataSource(id: number): Promise<void> {
  await api.delete(`/v1/datasource/${id}`);
}

/** The delete dialog shows a refusal itself (see ResourceActions' `refusalInDialog`). */
export const useDeleteDataSource = () =>
  useItemsMutation(dataSourceKeys, deleteDataSource, (id) => [id], { alertOnError: false });
