import {
  type NewWebhook,
  NewWebhookSchema,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  WebhookDeliverySchema,
  WebhookSchema,
  type WebhookUpdate,
} from '@adstudio/contract';
import { api } from '../lib/api-client';
import { getData } from '../lib/get-data';
import { useInvalidatingMutation } from '../lib/invalidating-mutation';
import { wholeListQuery } from '../lib/list-api';
import { resourceApi } from '../lib/resource-api';

/**
 * /v1/webhooks (admins): every webhook of the company, answered whole; PUT with any of url, events,
 * description, active (turning it on clears its failures); delete (its events stop being sent).
 */
export const webhooksApi = resourceApi<Webhook, { update: WebhookUpdate }>('/v1/webhooks', {
  item: WebhookSchema,
});
const { keys, path } = webhooksApi;

/** A webhook's deliveries sit under its detail key. */
const deliveriesKey = (id: number) => keys.related(id, 'deliveries');

/** GET /v1/webhooks → the company's webhooks. */
const webhooks = wholeListQuery({ list: () => keys.lists() }, WebhookSchema, path);
export const useWebhooks = () => webhooks.useList();

/** POST /v1/webhooks → 201 the webhook with its signing `secret`, answered this once; 422 {message, errors}. */
export const createWebhook = (body: WebhookCreate): Promise<NewWebhook> =>
  getData(NewWebhookSchema, api.post(path, body));

/** The dialog shows its failures on its fields; the secret stays out of the cache. */
export const useCreateWebhook = () =>
  useInvalidatingMutation(createWebhook, () => [keys.lists()], { alertOnError: false });

/** GET /v1/webhooks/{id}/deliveries → its latest deliveries, newest first; asked again on every opening. */
const deliveries = (id: number) =>
  wholeListQuery({ list: () => deliveriesKey(id) }, WebhookDeliverySchema, `${path}/${id}/deliveries`, {
    staleTime: 0,
  });
export const useWebhookDeliveries = (id: number) => deliveries(id).useList();

/**
 * POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver → 201: the event is sent again, same
 * delivery id; 409 {message} when the webhook is off (nothing is queued), which the caller shows.
 */
export async function redeliverWebhookDelivery({
  webhookId,
  deliveryId,
}: {
  webhookId: number;
  deliveryId: number;
}): Promise<void> {
  await api.post(`${path}/${webhookId}/deliveries/${deliveryId}/redeliver`);
}

export const useRedeliverWebhookDelivery = () =>
  useInvalidatingMutation(redeliverWebhookDelivery, ({ webhookId }) => [deliveriesKey(webhookId)], {
    alertOnError: false,
  });

/** POST /v1/webhooks/{id}/ping → 201 the test event's delivery, sent at once: how the receiver answered. */
export const pingWebhook = (id: number): Promise<WebhookDelivery> =>
  getData(WebhookDeliverySchema, api.post(`${path}/${id}/ping`));

export const usePingWebhook = () => useInvalidatingMutation(pingWebhook, (id) => [deliveriesKey(id)]);
