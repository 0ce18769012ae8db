import {
  ProfileErrorsQuerySchema,
  ProfileIssueSchema,
  ProfileSchema,
  ProfileSyncQuerySchema,
  ProfileSyncSchema,
  toCsv,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { action, routes } from '../../lib/resource-routes';
import { forbiddenAnswer as errors, listOf, idParams as params } from '../../lib/route-schemas';
import { SYNC_RUNNING } from './profile-syncs.service';

const tags = ['profiles'];

/** A profile's syncs: starting one, their history and issues (the job and the schedules: profiles.tasks.ts). */
export const profileSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profileSyncs: service } = app.services;

  routes(app, { tags, access: 'profiles' }, [
    action({
      method: 'GET',
      path: '/v1/profiles/:id/sync',
      access: 'write',
      summary: 'Start a sync of the feed (a job); answers the profile syncing',
      description:
        'Poll GET /v1/profiles/{id} for rows_processed until status is synced, failed or ' +
        'needs_confirmation. confirm=1 accepts a drop of active rows by more than 20 %. Needs the ' +
        'X-XSRF-TOKEN header although it is a GET.',
      params,
      querystring: ProfileSyncQuerySchema,
      answer: ProfileSchema,
      otherAnswers: { 409: z.object({ message: z.string() }).describe(SYNC_RUNNING) },
      // A state-changing GET (spec section 7): the XSRF header is required as for a write.
      config: { xsrf: 'always' },
      call: (user, { params, query }) => service.sync(user, params.id, query.confirm ?? false),
    }),
    action({
      method: 'GET',
      path: '/v1/profiles/:id/syncs',
      summary: 'The update history: each sync with who or what started it and its figures',
      params,
      answer: ProfileSyncSchema,
      list: true,
      call: (user, { params }) => service.syncs(user, params.id),
    }),
  ]);

  // A CSV download on request: answered through the reply, outside the kit.
  app.get(
    '/v1/profiles/:id/errors',
    {
      preHandler: app.requireAccess('profiles', 'read'),
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
                    'UTF-8 with a byte order mark; header `row,column,value,message,severity,fixed_by_resync`; every text field quoted, fixed_by_resync `true` or `false`.',
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
        ['row', 'column', 'value', 'message', 'severity', 'fixed_by_resync'],
        issues.map((i) => [i.row, i.column, i.value, i.message, i.severity, i.fixed_by_resync]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="profile-${request.params.id}-errors.csv"`)
        .serializer((body: string) => body)
        .send(`\uFEFF${csv}`);
    },
  );
};
