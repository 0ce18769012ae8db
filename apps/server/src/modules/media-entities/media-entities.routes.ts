import {
  isAdmin,
  MediaEntityCreateSchema,
  MediaEntityListQuerySchema,
  MediaEntityListResponseSchema,
  MediaEntitySchema,
  MediaEntityUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { forbidden } from '../../lib/http-errors';
import { resourceRoutes } from '../../lib/resource-routes';

export const mediaEntitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    path: '/v1/media-entities',
    tags: ['media entities'],
    noun: 'publisher',
    item: MediaEntitySchema,
    service: app.services.mediaEntities,
    access: {
      // docs/design.md §6: "read by anyone who may edit campaigns", which is write access to campaigns
      // (`edit campaigns` or admin); qa alone may not, since it cannot pick publishers for a campaign.
      read: app.requireAccess('campaigns', 'write'),
      // "Managed by admins": no section permission grants it.
      write: async (request) => {
        if (!isAdmin(currentUser(request))) throw forbidden();
      },
    },
    list: {
      summary: 'List publishers',
      description:
        'filter matches name and domain (case-insensitive); deleted=1 lists only deleted publishers ' +
        '(default order deleted_at desc); items-per-page -1 = all. Default order: updated_at desc. ' +
        'For users who may edit campaigns.',
      querystring: MediaEntityListQuerySchema,
      response: MediaEntityListResponseSchema,
    },
    create: { summary: 'Create a publisher (admins)', body: MediaEntityCreateSchema },
    show: { summary: 'One publisher' },
    update: { summary: 'Edit a publisher (admins)', body: MediaEntityUpdateSchema },
    remove: {
      summary: 'Delete a publisher (soft, admins); refused while it has approvals',
      refused: 'Refused: approvals of live creatives name the publisher.',
    },
    restore: {
      summary: 'Restore a deleted publisher (admins)',
      refused: 'A live publisher has taken its name meanwhile.',
    },
  });
};
