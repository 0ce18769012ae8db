import {
  HistoryEntrySchema,
  itemResponse,
  ProfileCreateSchema,
  ProfileListQuerySchema,
  ProfileListResponseSchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collection } from '../../lib/list';
import { forbiddenAnswer as errors, listOf, idParams as params, staleAnswer } from '../../lib/route-schemas';
import { currentUser } from '../../lib/current-user';
import { profileRulesRoutes } from './profile-rules.routes';
import { profileSyncRoutes } from './profile-sync.routes';

const tags = ['profiles'];

/** Profiles as items; their syncs and rules follow, in that order (profile-sync.routes.ts, profile-rules.routes.ts). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles: service } = app.services;
  const read = { preHandler: app.requireAccess('profiles', 'read') };
  const write = { preHandler: app.requireAccess('profiles', 'write') };

  app.get(
    '/v1/profiles',
    {
      ...read,
      schema: {
        tags,
        summary: 'List profiles (feeds)',
        description:
          'filter matches the name; status=synced,failed keeps those statuses; deleted=1 lists deleted ' +
          'profiles. Default order: updated_at desc.',
        querystring: ProfileListQuerySchema,
        response: { 200: ProfileListResponseSchema, ...errors },
      },
    },
    async (request) => collection(request, await service.list(currentUser(request), request.query)),
  );

  app.post(
    '/v1/profiles',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a profile and start its first sync',
        description:
          "source 'gsheet': url (a Sheets address) or gsheet_id; 'upload': key of an uploaded XLSX, CSV " +
          "or TSV (signed upload) and file_name; 'url': the address of a CSV or XLSX file, fetched " +
          'through the SSRF guard. The answer shows the profile syncing.',
        body: ProfileCreateSchema,
        response: { 201: itemResponse(ProfileSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.get(
    '/v1/profiles/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One profile with its ingestion figures (poll it for a sync’s progress)',
        params,
        response: { 200: itemResponse(ProfileSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.put(
    '/v1/profiles/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Edit a profile (name, source, ranges, template, schedule)',
        params,
        body: ProfileUpdateSchema,
        response: { 200: itemResponse(ProfileSchema), ...staleAnswer('profile'), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(
        currentUser(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );

  app.delete(
    '/v1/profiles/:id',
    {
      ...write,
      schema: { tags, summary: 'Delete a profile (soft)', params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/profiles/:id/restore',
    {
      ...write,
      schema: {
        tags,
        summary: 'Restore a deleted profile',
        params,
        response: { 200: itemResponse(ProfileSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.restore(currentUser(request), request.params.id) }),
  );

  app.get(
    '/v1/profiles/:id/history',
    {
      ...read,
      schema: {
        tags,
        summary: 'Edits of the profile (audit), newest first',
        params,
        response: { 200: listOf(HistoryEntrySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.history(currentUser(request), request.params.id) }),
  );

  await app.register(profileSyncRoutes);
  await app.register(profileRulesRoutes);
};
