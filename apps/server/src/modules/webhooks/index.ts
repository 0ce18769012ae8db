/** Webhooks: the service's type, and the signature scheme receivers verify (docs/api.md). */
export { signatureOf } from './webhook-send';
export type { WebhooksService } from './webhooks.service';
