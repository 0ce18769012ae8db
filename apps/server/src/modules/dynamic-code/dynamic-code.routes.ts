import { DynamicCodeSchema, DynamicCodeStatusSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, routes } from '../../lib/resource-routes';
import { idParams as params } from '../../lib/route-schemas';

/** A creative's dynamic code (docs/design.md §5 and §6: editing it is a creative edit). */
export const dynamicCodeRoutes: FastifyPluginAsync = async (app) => {
  const { dynamicCode: service } = app.services;
  routes(app, { tags: ['creatives'], access: 'creatives' }, [
    action({
      method: 'GET',
      path: '/v1/creatives/:id/dynamic-code',
      summary: "A creative's dynamic code, its status and whether it is stale",
      description: 'code is null until generated; message says why there is none (no profile, no rows).',
      params,
      answer: DynamicCodeSchema,
      call: (user, { params }) => service.show(user, params.id),
    }),
    action({
      method: 'POST',
      path: '/v1/creatives/:id/dynamic-code',
      summary: "(Re)generate a creative's dynamic code from its profile's columns",
      description: 'Regenerating sets the status back to generated; it is audited on the creative.',
      params,
      answer: DynamicCodeSchema,
      refused: 'The creative has no profile, or its profile has no rows.',
      call: (user, { params }) => service.generate(user, params.id),
    }),
    action({
      method: 'POST',
      path: '/v1/creatives/:id/dynamic-code/status',
      summary: "Move a creative's dynamic code to another status",
      description: 'generated → implemented → verified (and one step back); other moves answer 422.',
      params,
      body: DynamicCodeStatusSchema,
      answer: DynamicCodeSchema,
      stale: 'dynamic code',
      refused: 'A move the status table does not allow, or no code yet.',
      call: (user, { params, body, ifMatch }) => service.setStatus(user, params.id, body, ifMatch),
    }),
  ]);
};
