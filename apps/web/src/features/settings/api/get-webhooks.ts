import { WebhookSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { webhookKeys } from './webhook-keys';

/** GET /v1/webhooks (admins) → every webhook of the company, whole. */
export const webhooks = wholeListQuery({ list: () => webhookKeys.lists() }, WebhookSchema, '/v1/webhooks');
export const useWebhooks = () => webhooks.useList();
