import {
  itemResponse,
  ProfileRuleDetailSchema,
  ProfileRuleListQuerySchema,
  ProfileRuleListResponseSchema,
  RuleIdsSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { collection } from '../../lib/list';
import { idParam } from '../../lib/params';
import { forbiddenAnswer as errors, idParams as params } from '../../lib/route-schemas';

const tags = ['profiles'];
const creativeProfileParams = z.object({ id: idParam, profileId: idParam });

/** A profile's rules: a page of them, one rule, and those a creative serves. */
export const profileRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profileRules: service } = app.services;
  const read = { preHandler: app.requireAccess('profiles', 'read') };

  app.get(
    '/v1/profiles/:id/rules',
    {
      ...read,
      schema: {
        tags,
        summary: 'The profile’s rules (feed rows) with the list query',
        description:
          'Feed order by default; filter matches Unique_ID and Reporting_Label; ended=1 lists rules ' +
          'whose rows left the feed.',
        params,
        querystring: ProfileRuleListQuerySchema,
        response: { 200: ProfileRuleListResponseSchema, ...errors },
      },
    },
    async (request) =>
      collection(request, await service.list(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/v1/profile-rules/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One rule with its data, conditions and the creatives that serve it',
        params,
        response: { 200: itemResponse(ProfileRuleDetailSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.get(
    '/v1/creatives/:id/profiles/:profileId/rules/ids',
    {
      preHandler: app.requireAccess('creatives', 'read'),
      schema: {
        tags,
        summary: 'Ids of the active rules the creative serves from its profile, feed order',
        description:
          'Its rule filter applied (none = all). 404 when the creative is not driven by that profile.',
        params: creativeProfileParams,
        response: { 200: RuleIdsSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await service.idsOfCreative(user, request.params.id, request.params.profileId) };
    },
  );
};
