import {
  CreativeVariantListSchema,
  CreativeVariantQuerySchema,
  ProfileRuleDetailSchema,
  ProfileRuleListQuerySchema,
  ProfileRuleListResponseSchema,
  RuleIdsSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { collection } from '../../lib/list';
import { action, itemParams, routes } from '../../lib/resource-routes';
import { idParams as params } from '../../lib/route-schemas';

const tags = ['profiles'];

/** A profile's rules: a page of them, one rule, those a creative serves, and a creative's variants. */
export const profileRulesRoutes: FastifyPluginAsync = async (app) => {
  const { profileRules: service, creativeVariants } = app.services;

  routes(app, { tags, access: 'profiles' }, [
    action({
      method: 'GET',
      path: '/v1/profiles/:id/rules',
      summary: 'The profile’s rules (feed rows) with the list query',
      description:
        'Feed order by default; filter matches Unique_ID and Reporting_Label; ended=1 lists rules ' +
        'whose rows left the feed.',
      params,
      querystring: ProfileRuleListQuerySchema,
      response: ProfileRuleListResponseSchema,
      call: async (user, { params, query, raw }) =>
        collection(raw, await service.list(user, params.id, query)),
    }),
    action({
      method: 'GET',
      path: '/v1/profile-rules/:id',
      summary: 'One rule with its data, conditions and the creatives that serve it',
      params,
      answer: ProfileRuleDetailSchema,
      call: (user, { params }) => service.get(user, params.id),
    }),
  ]);

  routes(app, { tags, access: 'creatives' }, [
    action({
      method: 'GET',
      path: '/v1/creatives/:id/profiles/:profileId/rules/ids',
      summary: 'Ids of the active rules the creative serves from its profile, feed order',
      description:
        'Its rule filter applied (none = all). 404 when the creative is not driven by that profile.',
      params: itemParams('profileId'),
      response: RuleIdsSchema,
      call: async (user, { params }) => ({
        data: await service.idsOfCreative(user, params.id, params.profileId),
      }),
    }),
  ]);

  routes(app, { tags: ['creatives'], access: 'creatives' }, [
    action({
      method: 'GET',
      path: '/v1/creatives/:id/variants',
      summary: "A page of the creative's variants, for its preview grid",
      description:
        'The live rules its rule filter serves (active or not), feed order, each with its render URL ' +
        '(null while no package is approved) and its rendered backup image once one is ready. ' +
        'condition keeps the rules with that condition; field and value (given together) keep those ' +
        'whose feed column holds that value. variants_total counts them all before filtering; filters ' +
        'lists the conditions their rules use and the feed columns. A creative without feed has none.',
      params,
      querystring: CreativeVariantQuerySchema,
      response: CreativeVariantListSchema,
      refused: 'field without value, or value without field.',
      call: async (user, { params, query, raw }) => {
        const { variants_total, filters, ...page } = await creativeVariants(user, params.id, query);
        return { ...collection(raw, page), variants_total, filters };
      },
    }),
  ]);
};
