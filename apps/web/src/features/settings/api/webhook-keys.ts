import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of the company's webhooks; a webhook's deliveries sit under its detail key. */
export const webhookKeys = resourceKeys('webhooks');
export const deliveryKeys = (id: number) => webhookKeys.related(id, 'deliveries');
