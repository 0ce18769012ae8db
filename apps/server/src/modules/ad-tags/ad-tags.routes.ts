import {
  AdTagCreateSchema,
  AdTagListItemSchema,
  AdTagSchema,
  itemResponse,
  SimulationContextSchema,
  TagTrialSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { idParam } from '../../lib/params';
import {
  forbiddenAnswer as errors,
  idParams,
  listOf,
  noContent,
  refusedAnswer,
} from '../../lib/route-schemas';

const tags = ['ad tags'];
const tagParams = z.object({ id: idParam, tagId: idParam });

/**
 * Ad tags (the ad tags issue, docs/design.md §11): a creative's placements in the back office; their
 * public serving is the serving module's (serving.routes.ts).
 */
export const adTagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adTags: service, tagTrial } = app.services;
  const read = { preHandler: app.requireAccess('creatives', 'read') };
  const write = { preHandler: app.requireAccess('creatives', 'write') };

  app.get(
    '/v1/creatives/:id/tags',
    {
      ...read,
      schema: {
        tags,
        summary: "List a creative's ad tags, revoked ones too, oldest first",
        description:
          'Each tag with `impressions_7d` and `clicks_7d`: what it served over the last seven UTC days, ' +
          'today included (counted when the stats buffer flushes, every few seconds).',
        params: idParams,
        response: { 200: listOf(AdTagListItemSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/creatives/:id/tags',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create an ad tag: a placement of the creative, optionally for a publisher',
        description:
          'Answers the tag with its snippets: `js` (a script that writes a sandboxed iframe with the ' +
          "viewer's time zone) and `iframe` (at the creative's size), both with the click and " +
          'cache-buster macros of its `ad_server` (Google Ad Manager when absent; `generic`: none; ' +
          'docs/api.md lists them). A tag for a publisher serves only what they approved, when the ' +
          'campaign asked them.',
        params: idParams,
        body: AdTagCreateSchema,
        response: { 201: itemResponse(AdTagSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.create(currentUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/v1/creatives/:id/tags/:tagId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Revoke an ad tag: its token answers 410 from now on',
        params: tagParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.revoke(currentUser(request), request.params.id, request.params.tagId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/creatives/:id/tags/:tagId/try',
    {
      ...read,
      schema: {
        tags,
        summary: 'What an ad tag serves in a simulated context ("Try it"), and why',
        description:
          'The decision `/serve` makes — a variant, the fallback or nothing, on the same compiled ' +
          'rules — for a chosen country, region, moment and data source values, with the simulator’s ' +
          'trace of the feed and a render of the variant. Counts nothing.',
        params: tagParams,
        body: SimulationContextSchema,
        response: {
          200: itemResponse(TagTrialSchema),
          ...refusedAnswer('The context is invalid.'),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await tagTrial(currentUser(request), request.params.id, request.params.tagId, request.body),
    }),
  );
};
