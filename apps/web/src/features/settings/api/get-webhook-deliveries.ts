import { WebhookDeliverySchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getItems } from '../../../lib/get-data';
import { deliveryKeys } from './webhook-keys';

/** GET /v1/webhooks/{id}/deliveries (admins) → its latest deliveries, newest first. */
export const getWebhookDeliveries = (id: number) =>
  getItems(WebhookDeliverySchema, api.get(`/v1/webhooks/${id}/deliveries`));

/** Asked again on every opening: deliveries change without this page doing anything. */
export const webhookDeliveriesQuery = (id: number) =>
  queryOptions({ queryKey: deliveryKeys(id), queryFn: () => getWebhookDeliveries(id), staleTime: 0 });

export const useWebhookDeliveries = (id: number) => useQuery(webhookDeliveriesQuery(id));
