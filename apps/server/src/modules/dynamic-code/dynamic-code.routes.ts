import { DynamicCodeSchema, DynamicCodeStatusSchema, itemResponse } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import {
  forbiddenAnswer as errors,
  idParams as params,
  refusedAnswer,
  staleAnswer,
} from '../../lib/route-schemas';

const tags = ['creatives'];

/** A creative's dynamic code (docs/design.md §5 and §6: editing it is a creative edit). */
export const dynamicCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dynamicCode: service } = app.services;
  const read = { preHandler: app.requireAccess('creatives', 'read') };
  const write = { preHandler: app.requireAccess('creatives', 'write') };

  app.get(
    '/v1/creatives/:id/dynamic-code',
    {
      ...read,
      schema: {
        tags,
        summary: "A creative's dynamic code, its status and whether it is stale",
        description: 'code is null until generated; message says why there is none (no profile, no rows).',
        params,
        response: { 200: itemResponse(DynamicCodeSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.show(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/creatives/:id/dynamic-code',
    {
      ...write,
      schema: {
        tags,
        summary: "(Re)generate a creative's dynamic code from its profile's columns",
        description: 'Regenerating sets the status back to generated; it is audited on the creative.',
        params,
        response: {
          200: itemResponse(DynamicCodeSchema),
          ...errors,
          ...refusedAnswer('The creative has no profile, or its profile has no rows.'),
        },
      },
    },
    async (request) => ({ data: await service.generate(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/creatives/:id/dynamic-code/status',
    {
      ...write,
      schema: {
        tags,
        summary: "Move a creative's dynamic code to another status",
        description: 'generated → implemented → verified (and one step back); other moves answer 422.',
        params,
        body: DynamicCodeStatusSchema,
        response: {
          200: itemResponse(DynamicCodeSchema),
          ...errors,
          ...staleAnswer('dynamic code'),
          ...refusedAnswer('A move the status table does not allow, or no code yet.'),
        },
      },
    },
    async (request) => ({
      data: await service.setStatus(
        currentUser(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );
};
