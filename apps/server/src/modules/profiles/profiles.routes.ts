import {
  HistoryEntrySchema,
  ProfileCreateSchema,
  ProfileListQuerySchema,
  ProfileListResponseSchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, resourceRoutes } from '../../lib/resource-routes';
import { profileRulesRoutes } from './profile-rules.routes';
import { profileSyncRoutes } from './profile-sync.routes';

const tags = ['profiles'];

/** Profiles as items; their syncs and rules follow, in that order (profile-sync.routes.ts, profile-rules.routes.ts). */
export const profilesRoutes: FastifyPluginAsync = async (app) => {
  const { profiles: service } = app.services;

  resourceRoutes(app, {
    path: '/v1/profiles',
    tags,
    noun: 'profile',
    item: ProfileSchema,
    service,
    access: 'profiles',
    list: {
      summary: 'List profiles (feeds)',
      description:
        'filter matches the name; status=synced,failed keeps those statuses; deleted=1 lists deleted ' +
        'profiles. Default order: updated_at desc.',
      querystring: ProfileListQuerySchema,
      response: ProfileListResponseSchema,
    },
    create: {
      summary: 'Create a profile and start its first sync',
      description:
        "source 'gsheet': url (a Sheets address) or gsheet_id; 'upload': key of an uploaded XLSX, CSV " +
        "or TSV (signed upload) and file_name; 'url': the address of a CSV or XLSX file, fetched " +
        'through the SSRF guard. The answer shows the profile syncing.',
      body: ProfileCreateSchema,
    },
    show: { summary: 'One profile with its ingestion figures (poll it for a sync’s progress)' },
    update: {
      summary: 'Edit a profile (name, source, ranges, template, schedule)',
      body: ProfileUpdateSchema,
    },
    remove: { summary: 'Delete a profile (soft)' },
    restore: { summary: 'Restore a deleted profile' },
    actions: [
      action({
        method: 'GET',
        path: '/history',
        summary: 'Edits of the profile (audit), newest first',
        answer: HistoryEntrySchema,
        list: true,
        call: (user, { params }) => service.history(user, params.id),
      }),
    ],
  });

  await app.register(profileSyncRoutes);
  await app.register(profileRulesRoutes);
};
