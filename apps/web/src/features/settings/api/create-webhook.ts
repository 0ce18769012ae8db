import { type NewWebhook, NewWebhookSchema, type WebhookCreate } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { webhookKeys } from './webhook-keys';

/** POST /v1/webhooks (admins) → 201 the webhook with its signing `secret`, answered this once; 422 {message, errors}. */
export const createWebhook = (body: WebhookCreate): Promise<NewWebhook> =>
  getData(NewWebhookSchema, api.post('/v1/webhooks', body));

/** The dialog shows its failures on its fields; the secret stays out of the cache. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    meta: { skipAlert: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}
