/** Webhooks: the service's type, and the signature scheme receivers verify (docs/api.md). */
export { signatureOf } from './webhook-dispatch';
export type { WebhooksService } from './webhooks.service';
