import { SimulationContextSchema, SimulationResultSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, routes } from '../../lib/resource-routes';
import { idParams as params } from '../../lib/route-schemas';
import { simulationResult } from './simulation-result';

export const simulatorRoutes: FastifyPluginAsync = async (app) => {
  const { chooseRule: choose, variantRenderUrls: renderUrls, adServing } = app.services;
  routes(app, { tags: ['creatives'], access: 'creatives' }, [
    action({
      method: 'POST',
      path: '/v1/creatives/:id/simulate',
      access: 'read',
      summary: 'Which rule of its feed the creative shows in a simulated context, and why',
      description:
        'The first active rule in its dates whose conditions all hold, else the feed’s default rule, ' +
        'else its first active rule; the trace lists the rules tried (at most 200). `rotation` lists ' +
        "the rules a served tag may play under the creative's rotation and holdout, with their odds. Data sources " +
        'give their cached values unless the context overrides them; nothing is fetched meanwhile.',
      params,
      body: SimulationContextSchema,
      answer: SimulationResultSchema,
      refused: 'The creative has no profile, or the context is invalid.',
      call: async (user, { params, body }) => {
        const chosen = await choose(user.company_id, params.id, body);
        const renderUrl = chosen.rule ? (await renderUrls(params.id))(chosen.rule.id) : null;
        const odds = await adServing.odds(user.company_id, params.id, body);
        return simulationResult(chosen, body.time_zone, renderUrl, odds);
      },
    }),
  ]);
};
