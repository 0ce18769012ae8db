import {
  HistoryEntrySchema,
  itemResponse,
  ProfileCreateSchema,
  ProfileErrorsQuerySchema,
  ProfileIssueSchema,
  ProfileListQuerySchema,
  ProfileListResponseSchema,
  ProfileRuleDetailSchema,
  ProfileRuleListQuerySchema,
  ProfileRuleListResponseSchema,
  ProfileSchema,
  ProfileSyncQuerySchema,
  ProfileSyncSchema,
  ProfileTemplateSchema,
  ProfileTemplateWriteSchema,
  ProfileUpdateSchema,
  RuleIdsSchema,
  SYNC_FAILED,
  toCsv,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collection } from '../../lib/list';
import { idParam } from '../../lib/params';
import { runPeriodically } from '../../lib/periodic';
import {
  forbiddenAnswer as errors,
  listOf,
  idParams as params,
  refusedAnswer,
  staleAnswer,
} from '../../lib/route-schemas';
import { currentUser } from '../../types';
import { SYNC_JOB, SYNC_RUNNING } from './profiles.service';

const tags = ['profiles'];
const creativeProfileParams = z.object({ id: idParam, profileId: idParam });

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles: service, profileSync: sync } = app.services;

  app.jobs.work<{ syncId: number }>(SYNC_JOB, (job) => sync.run(job.data.syncId), {
    // The job threw (not a feed fault, which the sync records itself) or the server stopped during it.
    onFailed: (job, message) => sync.fail(job.data.syncId, `${SYNC_FAILED} (${message})`),
  });

  runPeriodically(app, 'profile schedules', app.config.scheduleTickMs, () =>
    service.startDueSyncs(new Date()),
  );

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

  app.get(
    '/v1/profiles/:id/sync',
    {
      // A state-changing GET (spec section 7): the XSRF header is required as for a write.
      config: { xsrf: 'always' },
      ...write,
      schema: {
        tags,
        summary: 'Start a sync of the feed (a job); answers the profile syncing',
        description:
          'Poll GET /v1/profiles/{id} for rows_processed until status is synced, failed or ' +
          'needs_confirmation. confirm=1 accepts a drop of active rows by more than 20 %. Needs the ' +
          'X-XSRF-TOKEN header although it is a GET.',
        params,
        querystring: ProfileSyncQuerySchema,
        response: {
          200: itemResponse(ProfileSchema),
          409: z.object({ message: z.string() }).describe(SYNC_RUNNING),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await service.sync(currentUser(request), request.params.id, request.query.confirm ?? false),
    }),
  );

  app.get(
    '/v1/profiles/:id/syncs',
    {
      ...read,
      schema: {
        tags,
        summary: 'The update history: each sync with who or what started it and its figures',
        params,
        response: { 200: listOf(ProfileSyncSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.syncs(currentUser(request), request.params.id) }),
  );

  app.get(
    '/v1/profiles/:id/errors',
    {
      ...read,
      schema: {
        tags,
        summary: 'Errors and warnings of the last sync, in sheet order (format=csv downloads them)',
        params,
        querystring: ProfileErrorsQuerySchema,
        response: {
          200: {
            description: 'The issues; with `format=csv`, the same rows as a CSV download.',
            content: {
              'application/json': { schema: listOf(ProfileIssueSchema) },
              'text/csv': {
                schema: z
                  .string()
                  .describe(
                    'UTF-8 with a byte order mark; header `row,column,value,message,severity`; every text field quoted.',
                  ),
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const issues = await service.errors(currentUser(request), request.params.id, filter);
      if (format !== 'csv') return { data: issues };
      const csv = toCsv(
        ['row', 'column', 'value', 'message', 'severity'],
        issues.map((i) => [i.row, i.column, i.value, i.message, i.severity]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="profile-${request.params.id}-errors.csv"`)
        .serializer((body: string) => body)
        .send(`\uFEFF${csv}`);
    },
  );

  app.get(
    '/v1/profiles/:id/rules',
    {
      ...read,
      schema: {
        tags,
        summary: 'The profile’s rules (feed rows) with the list query',
        description:
          'Feed order by default; filter matches Unique_ID and Reporting_Label; ended=1 lists rules ' +
          'whose rows left the feed.',
        params,
        querystring: ProfileRuleListQuerySchema,
        response: { 200: ProfileRuleListResponseSchema, ...errors },
      },
    },
    async (request) =>
      collection(request, await service.rules(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    '/v1/profile-rules/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One rule with its data, conditions and the creatives that serve it',
        params,
        response: { 200: itemResponse(ProfileRuleDetailSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.rule(currentUser(request), request.params.id) }),
  );

  app.get(
    '/v1/creatives/:id/profiles/:profileId/rules/ids',
    {
      preHandler: app.requireAccess('creatives', 'read'),
      schema: {
        tags,
        summary: 'Ids of the active rules the creative serves from its profile, feed order',
        description:
          'Its rule filter applied (none = all). 404 when the creative is not driven by that profile.',
        params: creativeProfileParams,
        response: { 200: RuleIdsSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await service.ruleIds(user, request.params.id, request.params.profileId) };
    },
  );

  app.get(
    '/v1/profile-templates',
    {
      ...read,
      schema: {
        tags,
        summary: 'Profile templates (for the picker)',
        response: { 200: listOf(ProfileTemplateSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.templates(currentUser(request)) }),
  );

  app.get(
    '/v1/profile-templates/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One profile template',
        params,
        response: { 200: itemResponse(ProfileTemplateSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.template(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/profile-templates',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a profile template',
        body: ProfileTemplateWriteSchema,
        response: { 201: itemResponse(ProfileTemplateSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.createTemplate(currentUser(request), request.body) }),
  );

  app.put(
    '/v1/profile-templates/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Edit a profile template',
        description:
          'Sends the `updated_at` it was based on in the body or as `If-Match` (409 when the template ' +
          'changed meanwhile); without either the edit is unconditional.',
        params,
        body: ProfileTemplateWriteSchema,
        response: { 200: itemResponse(ProfileTemplateSchema), ...staleAnswer('template'), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateTemplate(
        currentUser(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );

  app.delete(
    '/v1/profile-templates/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a profile template; refused while profiles use it',
        params,
        response: { 204: z.null(), ...refusedAnswer('Profiles use the template.'), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeTemplate(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
