import {
  ErrorBodySchema,
  NewWebhookSchema,
  WEBHOOKS_NEED_SESSION,
  WebhookCreateSchema,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, itemParams, resourceRoutes } from '../../lib/resource-routes';
import { listOf } from '../../lib/route-schemas';

/**
 * Webhooks: admins' endpoints for the company's events (the service checks that the user is one),
 * and their deliveries.
 */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const { webhooks } = app.services;
  resourceRoutes(app, {
    path: '/v1/webhooks',
    tags: ['webhooks'],
    noun: 'webhook',
    item: WebhookSchema,
    // Managed signed in, like tokens: a webhook made with a leaked token would outlive its revocation.
    config: { sessionOnly: WEBHOOKS_NEED_SESSION },
    service: webhooks,
    list: {
      summary: "List the company's webhooks (admins); never their secrets",
      response: listOf(WebhookSchema),
    },
    create: {
      summary: 'Create a webhook (admins); its signing secret is shown once',
      description:
        'Each event is a `POST` of JSON `{id, type, created_at, company_id, data}` with `X-Adstudio-Event`, ' +
        '`X-Adstudio-Delivery` (the event id: the same on every retry) and `X-Adstudio-Signature: ' +
        't={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`. Retried with backoff (8 tries over ' +
        'about a day) on non-2xx, timeouts and network errors; redirects are not followed.',
      body: WebhookCreateSchema,
      response: NewWebhookSchema,
      refused: 'A field is invalid.',
    },
    show: { summary: 'One webhook (admins)' },
    update: {
      summary: 'Change a webhook: its URL, events, description, or turn it on or off (admins)',
      body: WebhookUpdateSchema,
      versioned: false,
      refused: 'A field is invalid.',
    },
    remove: { summary: 'Remove a webhook and its deliveries (admins)' },
    actions: [
      action({
        method: 'GET',
        path: '/deliveries',
        summary: "A webhook's last 100 deliveries, newest first (admins)",
        answer: WebhookDeliverySchema,
        list: true,
        call: (user, { params }) => webhooks.deliveries(user, params.id),
      }),
      action({
        method: 'POST',
        path: '/deliveries/:deliveryId/redeliver',
        summary: "Send a delivery's event again, as a new delivery (admins)",
        params: itemParams('deliveryId'),
        answer: WebhookDeliverySchema,
        status: 201,
        refused: 'The delivery is of a test event: send a new one.',
        otherAnswers: {
          409: ErrorBodySchema.describe(
            'The webhook is off (turned off, or by a day of failures): nothing is sent or queued; turn it on first.',
          ),
        },
        call: (user, { params }) => webhooks.redeliver(user, params.id, params.deliveryId),
      }),
      action({
        method: 'POST',
        path: '/ping',
        summary: 'Send a test event now and answer how the receiver took it (admins)',
        description:
          'Delivers a signed `ping` event (see `webhooks`) to the webhook, on or off, through the same signing ' +
          'and address guard as every delivery, and waits for the answer (10 s at most). Answers the delivery ' +
          'it recorded: `status` delivered or failed, `response_status`, `ms` and `response_excerpt`. Never ' +
          'retried; it does not count in the failures that turn a webhook off.',
        answer: WebhookDeliverySchema,
        status: 201,
        call: (user, { params }) => webhooks.ping(user, params.id),
      }),
    ],
  });
};
