import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from './webhook-keys';

/** POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver (admins) → 201: the event is sent again, same delivery id. */
export async function redeliverWebhookDelivery({
  webhookId,
  deliveryId,
}: {
  webhookId: number;
  deliveryId: number;
}): Promise<void> {
  await api.post(`/v1/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`);
}

export function useRedeliverWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookDelivery,
    onSuccess: (_result, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: deliveryKeys(webhookId) }),
  });
}
