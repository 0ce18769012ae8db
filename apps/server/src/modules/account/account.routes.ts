import {
  PASSWORD_NEEDS_SESSION,
  UpdateAccountBodySchema,
  UpdatePasswordBodySchema,
  UserSchema,
  UserSettingsResponseSchema,
  UserSettingsUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession, currentUser } from '../../lib/current-user';
import { staleAnswer } from '../../lib/route-schemas';

/** The signed-in user's own account; `GET /v1/user` itself lives with the session (auth module). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account: service } = app.services;
  const tags = ['account'];

  app.put(
    '/v1/user',
    {
      schema: {
        tags,
        summary: 'Update name, email and avatar',
        body: UpdateAccountBodySchema,
        response: { 200: z.object({ data: UserSchema }) },
      },
    },
    async (request) => ({ data: await service.updateProfile(currentUser(request), request.body) }),
  );

  app.put(
    '/v1/user/password',
    {
      config: { sessionOnly: PASSWORD_NEEDS_SESSION },
      schema: {
        tags,
        summary: 'Change the password; signs out the other sessions',
        description:
          'Needs a signed-in session (403 for a bearer token). Personal access tokens stay valid unless ' +
          '`revoke_tokens` is true, which revokes every token of the user in the same transaction.',
        body: UpdatePasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.changePassword(currentUser(request), currentSession(request).id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/user/settings',
    { schema: { tags, summary: 'Personal settings', response: { 200: UserSettingsResponseSchema } } },
    async (request) => ({ data: await service.settings(currentUser(request)) }),
  );

  app.put(
    '/v1/user/settings',
    {
      schema: {
        tags,
        summary: 'Save personal settings',
        body: UserSettingsUpdateSchema,
        response: { 200: UserSettingsResponseSchema, ...staleAnswer('settings') },
      },
    },
    async (request) => ({ data: await service.saveSettings(currentUser(request), request.body) }),
  );
};
