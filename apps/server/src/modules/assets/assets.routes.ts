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
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { collection } from '../../lib/list';
import { action, resourceRoutes, routes } from '../../lib/resource-routes';
import { listOf, idParams as params } from '../../lib/route-schemas';

const tags = ['assets'];

const listDescription =
  'filter matches the name (case-insensitive); kind (image, video, font, data), campaign_id and ' +
  'creative_id narrow it; deleted=1 lists only deleted assets, restorable until purge_at (default ' +
  'order deleted_at desc). Default order: updated_at desc. url and thumbnail_url are short-lived ' +
  'signed GET URLs; duplicate_of names the earliest live asset of the creative with the same bytes.';

/** Assets (docs/design.md §5): a creative's uploaded files; created by claiming uploads under the creative. */
export const assetsRoutes: FastifyPluginAsync = async (app) => {
  const { assets: service } = app.services;

  resourceRoutes(app, {
    path: '/v1/assets',
    tags,
    noun: 'asset',
    item: AssetSchema,
    service,
    access: 'assets',
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
    actions: [
      action({
        method: 'GET',
        path: '/campaigns',
        on: 'collection',
        summary: 'Assets by campaign: campaigns that have creatives, with their figures',
        description:
          'Live campaigns with live creatives: how many creatives and assets each has and up to 4 of ' +
          "its newest image thumbnails. filter matches the campaign's name. Default order: the " +
          "campaign's updated_at desc.",
        querystring: AssetCampaignListQuerySchema,
        response: AssetCampaignListResponseSchema,
        call: async (user, { query, raw }) => collection(raw, await service.campaigns(user, query)),
      }),
    ],
  });

  routes(app, { tags, access: 'assets' }, [
    action({
      method: 'GET',
      path: '/v1/creatives/:id/assets',
      summary: "List one creative's assets",
      description: `The list of GET /v1/assets for one live creative. ${listDescription}`,
      params,
      querystring: AssetListQuerySchema,
      response: AssetListResponseSchema,
      call: async (user, { params, query, raw }) =>
        collection(raw, await service.list(user, query, params.id)),
    }),
    action({
      method: 'POST',
      path: '/v1/creatives/:id/assets',
      summary: 'Keep uploaded files as assets of a creative (one, or many at once)',
      description:
        'Names uploads made with POST /vapor/signed-storage-url: `{key, name}` answers `{data: Asset}`, ' +
        '`{assets: [{key, name}, …]}` answers `{data: Asset[]}`. Each file must be an image, video, font, ' +
        'CSV or JSON whose bytes agree with its declared type, within the size limit. All or nothing: ' +
        'a refused file answers 422 under `key` (or `assets.N.key`) naming the file and the reason; ' +
        'it is forgotten, the batch keeps nothing, and its other uploads stay claimable.',
      params,
      body: AssetCreateSchema,
      response: z.union([itemResponse(AssetSchema), listOf(AssetSchema)]),
      status: 201,
      call: async (user, { params, body }) => ({ data: await service.claim(user, params.id, body) }),
    }),
  ]);
};
