import { itemResponse, SimulationContextSchema, SimulationResultSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { forbiddenAnswer as errors, idParams as params, refusedAnswer } from '../../lib/route-schemas';
import { simulationResult } from './simulation-result';

export const simulatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chooseRule: choose } = app.services;
  const { variantRenderUrls: renderUrls } = app.services;
  app.post(
    '/v1/creatives/:id/simulate',
    {
      preHandler: app.requireAccess('creatives', 'read'),
      schema: {
        tags: ['creatives'],
        summary: 'Which rule of its feed the creative shows in a simulated context, and why',
        description:
          'The first active rule in its dates whose conditions all hold, else the feed’s default rule, ' +
          'else its first active rule; the trace lists the rules tried (at most 200). Data sources ' +
          'give their cached values unless the context overrides them; nothing is fetched meanwhile.',
        params,
        body: SimulationContextSchema,
        response: {
          200: itemResponse(SimulationResultSchema),
          ...refusedAnswer('The creative has no profile, or the context is invalid.'),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const creativeId = request.params.id;
      const chosen = await choose(user.company_id, creativeId, request.body);
      const renderUrl = chosen.rule ? (await renderUrls(creativeId))(chosen.rule.id) : null;
      return { data: simulationResult(chosen, request.body.time_zone, renderUrl) };
    },
  );
};
