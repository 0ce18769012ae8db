import {
  CreativeBulkSchema,
  CreativeCreateSchema,
  CreativeIncludeQuerySchema,
  CreativeListQuerySchema,
  CreativeListResponseSchema,
  CreativeSchema,
  CreativeUpdateSchema,
  ErrorBodySchema,
  PreviewLinkSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, itemParams, resourceRoutes } from '../../lib/resource-routes';
import { mayWrite } from '../../plugins/session';

export const creativesRoutes: FastifyPluginAsync = async (app) => {
  const { creatives: service } = app.services;

  resourceRoutes(app, {
    path: '/v1/creatives',
    tags: ['creatives'],
    noun: 'creative',
    item: CreativeSchema,
    service,
    access: 'creatives',
    list: {
      summary: 'List creatives',
      description:
        "filter matches the name (case-insensitive); date keeps creatives whose campaign's launch–end " +
        'span contains that day; campaign_id, size (300x250) and status=a,b narrow it; deleted=1 lists ' +
        'only deleted creatives (default order deleted_at desc). Default order: updated_at desc.',
      querystring: CreativeListQuerySchema,
      response: CreativeListResponseSchema,
    },
    create: { summary: 'Create a creative (status draft) in a live campaign', body: CreativeCreateSchema },
    bulk: {
      summary: 'Change the status of, delete or restore many creatives in one transaction',
      description:
        "Each id answers ok or why it was refused. 'delete' and 'restore' need write access. " +
        'Each action is one statement for all ids.',
      body: CreativeBulkSchema,
      // qa may move statuses; the service refuses the rest.
      access: 'read',
    },
    show: {
      summary: 'One creative; ?include=history adds its audit history',
      querystring: CreativeIncludeQuerySchema,
    },
    update: {
      summary: 'Edit a creative and/or move its status',
      body: CreativeUpdateSchema,
      // qa may move statuses out of quality assurance and testing; the service refuses anything more.
      access: 'read',
    },
    remove: {
      summary: 'Delete a creative (soft); refused while it is live',
      refused: 'Refused: the creative is live.',
    },
    clone: { summary: 'Copy a creative into its campaign as a draft named "… (copy)"' },
    restore: {
      summary: 'Restore a deleted creative',
      refused: 'Its campaign is deleted, or a live creative of the campaign has its name.',
    },
    actions: [
      action({
        method: 'GET',
        path: '/fallback/:assetId',
        access: 'write',
        summary: "Set the creative's fallback (backup image) to one of its assets",
        description:
          'The asset must be a live image of this creative whose width × height equals the ' +
          "creative's; anything else answers 422 saying why. Changes the creative (audited); needs " +
          'the X-XSRF-TOKEN header although it is a GET, and is never cached.',
        params: itemParams('assetId'),
        answer: CreativeSchema,
        refused: 'Not an image of this creative, not of its size, or deleted.',
        stale: 'creative',
        // A state-changing GET (spec section 7): the XSRF header is required as for a write.
        config: { xsrf: 'always' },
        call: (user, { params }) => service.fallback(user, params.id, params.assetId),
      }),
      action({
        method: 'GET',
        path: '/preview-url',
        summary: "The creative's shareable preview link, created on the first call",
        description:
          'Answers the link in use; when the creative has none yet, creates it (a 256-bit token), ' +
          'which needs `edit creatives` (403 for a reader: publishing to outsiders is an edit) and what a ' +
          'write needs: the X-XSRF-TOKEN header with a session (419 without), the write ability with a ' +
          'bearer token (403 for a read-only one). Every later call answers the same link.',
        answer: PreviewLinkSchema,
        otherAnswers: {
          419: ErrorBodySchema.describe(
            'The session has expired, or the link had to be created without the X-XSRF-TOKEN header.',
          ),
        },
        call: (user, { params, raw }) =>
          service.previewLink(user, params.id, { mayCreate: () => mayWrite(raw) }),
      }),
    ],
  });
};
