import {
  itemResponse,
  NewWebhookSchema,
  WEBHOOKS_NEED_SESSION,
  WebhookCreateSchema,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { idParam } from '../../lib/params';
import {
  forbiddenAnswer as errors,
  idParams,
  listOf,
  noContent,
  refusedAnswer,
} from '../../lib/route-schemas';

/** Webhooks (the integrations issue): admins' endpoints for the company's events, and their delivery. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks: service } = app.services;
  const tags = ['webhooks'];
  // Managed signed in, like tokens: a webhook made with a leaked token would outlive its revocation.
  const config = { sessionOnly: WEBHOOKS_NEED_SESSION };

  app.get(
    '/v1/webhooks',
    {
      config,
      schema: {
        tags,
        summary: "List the company's webhooks (admins); never their secrets",
        response: { 200: listOf(WebhookSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(currentUser(request)) }),
  );

  app.post(
    '/v1/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Create a webhook (admins); its signing secret is shown once',
        description:
          'Each event is a `POST` of JSON `{id, type, created_at, company_id, data}` with `X-Adstudio-Event`, ' +
          '`X-Adstudio-Delivery` (the event id: the same on every retry) and `X-Adstudio-Signature: ' +
          't={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`. Retried with backoff (8 tries over ' +
          'about a day) on non-2xx, timeouts and network errors; redirects are not followed.',
        body: WebhookCreateSchema,
        response: { 201: itemResponse(NewWebhookSchema), ...refusedAnswer('A field is invalid.'), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.get(
    '/v1/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One webhook (admins)',
        params: idParams,
        response: { 200: itemResponse(WebhookSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.put(
    '/v1/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a webhook: its URL, events, description, or turn it on or off (admins)',
        params: idParams,
        body: WebhookUpdateSchema,
        response: { 200: itemResponse(WebhookSchema), ...refusedAnswer('A field is invalid.'), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/v1/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a webhook and its deliveries (admins)',
        params: idParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "A webhook's last 100 deliveries, newest first (admins)",
        params: idParams,
        response: { 200: listOf(WebhookDeliverySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.deliveries(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        tags,
        summary: "Send a delivery's event again, as a new delivery (admins)",
        params: z.object({ id: idParam, deliveryId: idParam }),
        response: { 201: itemResponse(WebhookDeliverySchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.redeliver(currentUser(request), request.params.id, request.params.deliveryId),
      }),
  );
};
