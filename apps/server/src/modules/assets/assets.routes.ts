import {
  ASSET_RESTORE_DAYS,
  AssetCampaignListQuerySchema,
  AssetCampaignListResponseSchema,
  AssetCreateSchema,
  AssetListQuerySchema,
  AssetListResponseSchema,
  AssetSchema,
  AssetUpdateSchema,
  itemResponse,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { collection } from '../../lib/list';
import { resourceRoutes } from '../../lib/resource-routes';
import { forbiddenAnswer as errors, listOf, idParams as params } from '../../lib/route-schemas';

const tags = ['assets'];

const listDescription =
  'filter matches the name (case-insensitive); kind (image, video, font, data), campaign_id and ' +
  'creative_id narrow it; deleted=1 lists only deleted assets, restorable until purge_at (default ' +
  'order deleted_at desc). Default order: updated_at desc. url and thumbnail_url are short-lived ' +
  'signed GET URLs; duplicate_of names the earliest live asset of the creative with the same bytes.';

/** Assets (docs/design.md §5): a creative's uploaded files; created by claiming uploads under the creative. */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assets: service } = app.services;
  const read = { preHandler: app.requireAccess('assets', 'read') };
  const write = { preHandler: app.requireAccess('assets', 'write') };

  resourceRoutes(app, {
    path: '/v1/assets',
    tags,
    noun: 'asset',
    item: AssetSchema,
    service,
    access: { read: read.preHandler, write: write.preHandler },
    list: {
      summary: "List the company's assets",
      description: listDescription,
      querystring: AssetListQuerySchema,
      response: AssetListResponseSchema,
    },
    show: { summary: 'One asset' },
    update: {
      summary: 'Rename an asset',
      description: 'Carries the updated_at it was based on (or If-Match); 409 when the asset changed since.',
      body: AssetUpdateSchema,
    },
    remove: {
      summary: `Delete an asset (soft; restorable for ${ASSET_RESTORE_DAYS} days, then purged with its files)`,
    },
    restore: {
      method: 'GET',
      summary: 'Restore a deleted asset',
      description:
        `Within ${ASSET_RESTORE_DAYS} days of its deletion, and while its creative is live. Needs the ` +
        'X-XSRF-TOKEN header although it is a GET, and is never cached.',
      refused: `Deleted more than ${ASSET_RESTORE_DAYS} days ago, or its creative is deleted.`,
    },
  });

  app.get(
    '/v1/assets/campaigns',
    {
      ...read,
      schema: {
        tags,
        summary: 'Assets by campaign: campaigns that have creatives, with their figures',
        description:
          'Live campaigns with live creatives: how many creatives and assets each has and up to 4 of ' +
          "its newest image thumbnails. filter matches the campaign's name. Default order: the " +
          "campaign's updated_at desc.",
        querystring: AssetCampaignListQuerySchema,
        response: { 200: AssetCampaignListResponseSchema, ...errors },
      },
    },
    async (request) => collection(request, await service.campaigns(currentUser(request), request.query)),
  );

  app.get(
    '/v1/creatives/:id/assets',
    {
      ...read,
      schema: {
        tags,
        summary: "List one creative's assets",
        description: `The list of GET /v1/assets for one live creative. ${listDescription}`,
        params,
        querystring: AssetListQuerySchema,
        response: { 200: AssetListResponseSchema, ...errors },
      },
    },
    async (request) =>
      collection(request, await service.list(currentUser(request), request.query, request.params.id)),
  );

  app.post(
    '/v1/creatives/:id/assets',
    {
      ...write,
      schema: {
        tags,
        summary: 'Keep uploaded files as assets of a creative (one, or many at once)',
        description:
          'Names uploads made with POST /vapor/signed-storage-url: `{key, name}` answers `{data: Asset}`, ' +
          '`{assets: [{key, name}, …]}` answers `{data: Asset[]}`. Each file must be an image, video, font, ' +
          'CSV or JSON whose bytes agree with its declared type, within the size limit. All or nothing: ' +
          'a refused file answers 422 under `key` (or `assets.N.key`) naming the file and the reason; ' +
          'it is forgotten, the batch keeps nothing, and its other uploads stay claimable.',
        params,
        body: AssetCreateSchema,
        response: {
          201: z.union([itemResponse(AssetSchema), listOf(AssetSchema)]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const data = await service.claim(currentUser(request), request.params.id, request.body);
      return reply.code(201).send(Array.isArray(data) ? { data } : { data });
    },
  );
};
