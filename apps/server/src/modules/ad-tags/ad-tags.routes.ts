import {
  AdTagCreateSchema,
  AdTagListItemSchema,
  AdTagSchema,
  CAMPAIGN_TAGS_MAX,
  CampaignAdTagSchema,
  CampaignAdTagsQuerySchema,
  SimulationContextSchema,
  TagTrialSchema,
  TRAFFICKING_SHEET_COLUMNS,
} from '@adstudio/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { action, itemParams, nestedResourceRoutes } from '../../lib/resource-routes';
import { forbiddenAnswer, idParams, listOf, refusedAnswer } from '../../lib/route-schemas';
import { XLSX_TYPE } from '../../lib/xlsx-writer';
import { traffickingFile } from './trafficking-sheet';

/** A file as a download (a Buffer is sent as it is, past the JSON serializer). */
const download = (reply: FastifyReply, file: { type: string; body: Buffer }, filename: string) =>
  reply
    .type(file.type)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(file.body);

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
    remove: {
      summary: 'Revoke an ad tag: its serve URL and script answer 410 Gone from now on, with no ad',
    },
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

  // A campaign's tags, and their trafficking sheet as a download: answered through the reply, outside the kit.
  const columns = TRAFFICKING_SHEET_COLUMNS.join(', ');
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/campaigns/:id/tags',
    {
      preHandler: app.requireAccess('campaigns', 'read'),
      schema: {
        tags: ['ad tags'],
        summary:
          "List every tag of a campaign's creatives; format=csv or xlsx downloads the trafficking sheet",
        description:
          "The tags of the campaign's live creatives (revoked ones too), by creative name then oldest " +
          'first, each with its creative and size and its 7-day figures. `format=csv` or `format=xlsx` ' +
          `answers the trafficking sheet instead: one row per active tag (revoked tags are left out), ` +
          `columns ${columns}. At most ${CAMPAIGN_TAGS_MAX} tags.`,
        params: idParams,
        querystring: CampaignAdTagsQuerySchema,
        response: {
          200: {
            description: 'The tags; with `format=csv` or `format=xlsx`, the trafficking sheet as a download.',
            content: {
              'application/json': { schema: listOf(CampaignAdTagSchema) },
              'text/csv': {
                schema: z
                  .string()
                  .describe(
                    `UTF-8 with a byte order mark; header ${columns}; every text field quoted, none starting a formula.`,
                  ),
              },
              [XLSX_TYPE]: {
                schema: z
                  .string()
                  .describe('A workbook of one sheet, "Tags": a bold header row, text cells.'),
              },
            },
          },
          ...forbiddenAnswer,
          ...refusedAnswer(`The campaign has more than ${CAMPAIGN_TAGS_MAX} tags.`),
        },
      },
    },
    async (request, reply) => {
      const list = await adTags.ofCampaign(currentUser(request), request.params.id);
      const format = request.query.format ?? 'json';
      if (format === 'json') return { data: list };
      return download(reply, traffickingFile(list, format), `campaign-${request.params.id}-tags.${format}`);
    },
  );
};
