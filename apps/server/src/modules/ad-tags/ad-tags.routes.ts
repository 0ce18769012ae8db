import {
  AdTagCreateSchema,
  AdTagListItemSchema,
  AdTagSchema,
  SimulationContextSchema,
  TagTrialSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, itemParams, nestedResourceRoutes } from '../../lib/resource-routes';
import { listOf } from '../../lib/route-schemas';

/**
 * A creative's ad tags in the back office (docs/design.md §11): its placements, listed with what
 * each served, made and revoked by creative editors, and tried in a simulated context. Their public
 * serving is the serving module's.
 */
export const adTagsRoutes: FastifyPluginAsync = async (app) => {
  const { adTags, tagTrial } = app.services;
  nestedResourceRoutes(app, {
    path: '/v1/creatives/:id/tags',
    itemParam: 'tagId',
    tags: ['ad tags'],
    noun: 'ad tag',
    item: AdTagSchema,
    access: { read: app.requireAccess('creatives', 'read'), write: app.requireAccess('creatives', 'write') },
    service: { list: adTags.list, create: adTags.create, remove: adTags.revoke },
    list: {
      summary: "List a creative's ad tags, revoked ones too, oldest first",
      description:
        'Each tag with `impressions_7d` and `clicks_7d`: what it served over the last seven UTC days, ' +
        'today included (counted when the stats buffer flushes, every few seconds).',
      response: listOf(AdTagListItemSchema),
    },
    create: {
      summary: 'Create an ad tag: a placement of the creative, optionally for a publisher',
      description:
        'Answers the tag with its snippets: `js` (a script that writes a sandboxed iframe with the ' +
        "viewer's time zone) and `iframe` (at the creative's size), both with the click and " +
        'cache-buster macros of its `ad_server` (Google Ad Manager when absent; `generic`: none; ' +
        'docs/api.md lists them). A tag for a publisher serves only what they approved, when the ' +
        'campaign asked them.',
      body: AdTagCreateSchema,
    },
    remove: { summary: 'Revoke an ad tag: its token answers 410 from now on' },
    actions: [
      action({
        method: 'POST',
        path: '/try',
        access: 'read',
        summary: 'What an ad tag serves in a simulated context ("Try it"), and why',
        description:
          'The decision `/serve` makes — a variant, the fallback or nothing, on the same compiled ' +
          'rules — for a chosen country, region, moment and data source values, with the simulator’s ' +
          'trace of the feed and a render of the variant. Counts nothing.',
        params: itemParams('tagId'),
        body: SimulationContextSchema,
        answer: TagTrialSchema,
        refused: 'The context is invalid.',
        call: (user, { params, body }) => tagTrial(user, params.id, params.tagId, body),
      }),
    ],
  });
};
