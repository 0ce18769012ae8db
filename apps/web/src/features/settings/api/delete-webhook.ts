import { api } from '../../../lib/api-client';
import { useItemsMutation } from '../../../lib/resource-mutations';
import { webhookKeys } from './webhook-keys';

/** DELETE /v1/webhooks/{id} (admins) → 204: its events stop being sent. */
export async function deleteWebhook(id: number): Promise<void> {
  await api.delete(`/v1/webhooks/${id}`);
}

export const useDeleteWebhook = () => useItemsMutation(webhookKeys, deleteWebhook, (id) => [id]);
