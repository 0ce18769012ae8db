import { type Webhook, WebhookSchema, type WebhookUpdate } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { webhookKeys } from './webhook-keys';

/** PUT /v1/webhooks/{id} (admins) with any of url, events, description, active; turning it on clears its failures. */
export const updateWebhook = ({ id, body }: { id: number; body: WebhookUpdate }): Promise<Webhook> =>
  getData(WebhookSchema, api.put(`/v1/webhooks/${id}`, body));

export const useUpdateWebhook = () => useItemMutation(webhookKeys, updateWebhook);
