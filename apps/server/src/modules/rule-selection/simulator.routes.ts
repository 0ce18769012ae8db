import {
  ErrorBodySchema,
  evaluationContext,
  itemResponse,
  type SimulationContext,
  SimulationContextSchema,
  type SimulationResult,
  SimulationResultSchema,
} from '@adstudio/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { forbiddenAnswer as errors, idParams as params } from '../../lib/route-schemas';
import { currentUser } from '../../types';
import { createConditionsRepository } from '../conditions/conditions.repository';
import { createCreativesRepository } from '../creatives/creatives.repository';
import { dataSourceValuesOn, placeholdersOf } from '../data-sources/data-source-values';
import { createProfilesRepository } from '../profiles/profiles.repository';
import { variantRenderUrlsOn } from '../render/render-links';
import { type ChosenRule, chooseRule, ruleFilterOf } from './choose-rule';

export const NO_FEED = 'The creative is not driven by a profile: choose one on its Details tab.';

/**
 * Chooses the rule a creative shows in a context, from its feed's served rules, with the company's
 * conditions and its data sources' cached values (the creative simulator; the token pages' one later).
 */
export const ruleChooserOn = (app: FastifyInstance) => {
  const creatives = createCreativesRepository(app.db);
  const profiles = createProfilesRepository(app.db);
  const conditions = createConditionsRepository(app.db);
  const values = dataSourceValuesOn(app);
  return async (companyId: number, creativeId: number, context: SimulationContext): Promise<ChosenRule> => {
    const creative = await creatives.findById(companyId, creativeId);
    if (!creative) throw notFound();
    if (creative.profile_id === null || !(await profiles.exists(companyId, creative.profile_id)))
      throw unprocessable({}, NO_FEED);
    const profileId = creative.profile_id;
    const filter = ruleFilterOf(creative.rule_filter);
    return chooseRule(
      {
        servedRules: (after, limit) => profiles.servedRules(profileId, filter, after, limit),
        servedFallbacks: () => profiles.servedFallbacks(profileId, filter),
        conditions: (ids) => conditions.expressionsByIds(companyId, ids),
        values: (ids) => values.valuesFor(companyId, ids, placeholdersOf(evaluationContext(context, {}))),
      },
      context,
    );
  };
};

/** The answer of the simulator: the rule with its content, how it was chosen, why, and its render. */
export const simulationResult = (
  chosen: ChosenRule,
  timeZone: string,
  renderUrl: string | null,
): SimulationResult => ({
  context: {
    date: chosen.context.date,
    time: chosen.context.time,
    weekday: chosen.context.weekday,
    time_zone: timeZone,
  },
  rule: chosen.rule
    ? {
        id: chosen.rule.id,
        unique_id: chosen.rule.unique_id,
        reporting_label: chosen.rule.reporting_label,
        data: parseJson<Record<string, string | number | boolean | null>>(chosen.rule.data, {}),
      }
    : null,
  reason: chosen.selection.reason,
  render_url: renderUrl,
  trace: chosen.selection.trace,
  trace_omitted: chosen.omitted,
  datasources: chosen.datasources,
});

export const simulatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const choose = ruleChooserOn(app);
  const renderUrls = variantRenderUrlsOn(app);
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
          422: ErrorBodySchema.describe('The creative has no profile, or the context is invalid.'),
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
