import {
  ConditionCreateSchema,
  ConditionListQuerySchema,
  ConditionListResponseSchema,
  ConditionSchema,
  ConditionSimulationSchema,
  ConditionUpdateSchema,
  itemResponse,
  SimulationContextSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collection } from '../../lib/list';
import {
  forbiddenAnswer as errors,
  noContent,
  idParams as params,
  refusedAnswer,
  staleAnswer,
} from '../../lib/route-schemas';
import { currentUser } from '../../types';

const tags = ['conditions'];

/** Conditions (DESIGN section 5): what a feed's rules name to be shown only in some contexts. */
export const conditionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conditions: service } = app.services;
  const read = { preHandler: app.requireAccess('conditions', 'read') };
  const write = { preHandler: app.requireAccess('conditions', 'write') };

  app.get(
    '/v1/conditions',
    {
      ...read,
      schema: {
        tags,
        summary: 'List conditions, each with the profiles whose rules use it',
        description:
          'filter matches the name; deleted=1 lists deleted conditions (default order deleted_at ' +
          'desc). Default order: updated_at desc.',
        querystring: ConditionListQuerySchema,
        response: { 200: ConditionListResponseSchema, ...errors },
      },
    },
    async (request) => collection(request, await service.list(currentUser(request), request.query)),
  );

  app.post(
    '/v1/conditions',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a condition',
        description:
          'Each predicate is checked against its field (operators, value formats; between takes two ' +
          'ordered values); a datasource:<id> field must name a data source of the company.',
        body: ConditionCreateSchema,
        response: { 201: itemResponse(ConditionSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.get(
    '/v1/conditions/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One condition, with the profiles whose rules use it',
        params,
        response: { 200: itemResponse(ConditionSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.put(
    '/v1/conditions/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Edit a condition',
        description: 'Carries the updated_at it was based on (or If-Match); 409 when it changed since.',
        params,
        body: ConditionUpdateSchema,
        response: { 200: itemResponse(ConditionSchema), ...staleAnswer('condition'), ...errors },
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
    '/v1/conditions/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a condition (soft); refused while rules of a profile use it',
        params,
        response: {
          204: noContent,
          ...refusedAnswer('Refused: rules of these profiles use the condition (they are named).'),
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
    '/v1/conditions/:id/restore',
    {
      ...write,
      schema: {
        tags,
        summary: 'Restore a deleted condition',
        params,
        response: {
          200: itemResponse(ConditionSchema),
          ...refusedAnswer('A live condition has taken its name meanwhile.'),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await service.restore(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/conditions/:id/simulate',
    {
      ...read,
      schema: {
        tags,
        summary: 'Evaluate a condition in a viewer’s context, predicate by predicate',
        description:
          'Changes nothing. Data sources answer their cached values (never fetched during the call; ' +
          'a stale one is refreshed in the background) unless datasources overrides them by id.',
        params,
        body: SimulationContextSchema,
        response: { 200: itemResponse(ConditionSimulationSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.simulate(currentUser(request), request.params.id, request.body),
    }),
  );
};
