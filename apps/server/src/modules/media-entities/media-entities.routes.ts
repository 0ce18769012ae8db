import {
  isAdmin,
  itemResponse,
  MediaEntityCreateSchema,
  MediaEntityListQuerySchema,
  MediaEntityListResponseSchema,
  MediaEntitySchema,
  MediaEntityUpdateSchema,
} from '@adstudio/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-errors';
import { collection } from '../../lib/list';
import {
  forbiddenAnswer as errors,
  idParams as params,
  refusedAnswer,
  staleAnswer,
} from '../../lib/route-schemas';
import { currentUser } from '../../types';

const tags = ['media entities'];

export const mediaEntitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mediaEntities: service } = app.services;
  // DESIGN section 6: "read by anyone who may edit campaigns", which is write access to campaigns
  // (`edit campaigns` or admin); qa alone may not, since it cannot pick publishers for a campaign.
  const read = { preHandler: app.requireAccess('campaigns', 'write') };
  // "Managed by admins": no section permission grants it.
  const write = {
    preHandler: async (request: FastifyRequest) => {
      if (!isAdmin(currentUser(request))) throw forbidden();
    },
  };

  app.get(
    '/v1/media-entities',
    {
      ...read,
      schema: {
        tags,
        summary: 'List publishers',
        description:
          'filter matches name and domain (case-insensitive); deleted=1 lists only deleted publishers ' +
          '(default order deleted_at desc); items-per-page -1 = all. Default order: updated_at desc. ' +
          'For users who may edit campaigns.',
        querystring: MediaEntityListQuerySchema,
        response: { 200: MediaEntityListResponseSchema, ...errors },
      },
    },
    async (request) => collection(request, await service.list(currentUser(request), request.query)),
  );

  app.post(
    '/v1/media-entities',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a publisher (admins)',
        body: MediaEntityCreateSchema,
        response: { 201: itemResponse(MediaEntitySchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.get(
    '/v1/media-entities/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One publisher',
        params,
        response: { 200: itemResponse(MediaEntitySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.put(
    '/v1/media-entities/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Edit a publisher (admins)',
        body: MediaEntityUpdateSchema,
        params,
        response: { 200: itemResponse(MediaEntitySchema), ...staleAnswer('publisher'), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(
        currentUser(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );

  app.delete(
    '/v1/media-entities/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a publisher (soft, admins); refused while it has approvals',
        params,
        response: {
          204: z.null(),
          ...refusedAnswer('Refused: approvals of live creatives name the publisher.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/media-entities/:id/restore',
    {
      ...write,
      schema: {
        tags,
        summary: 'Restore a deleted publisher (admins)',
        params,
        response: {
          200: itemResponse(MediaEntitySchema),
          ...refusedAnswer('A live publisher has taken its name meanwhile.'),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await service.restore(currentUser(request), request.params.id) }),
  );
};
