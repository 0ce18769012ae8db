import {
  PASSWORD_NEEDS_SESSION,
  UpdateAccountBodySchema,
  UpdatePasswordBodySchema,
  UserSchema,
  UserSettingsSchema,
  UserSettingsUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { currentSession } from '../../lib/current-user';
import { action, routes } from '../../lib/resource-routes';

/** The signed-in user's own account; `GET /v1/user` itself lives with the session (auth module). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { account: service } = app.services;
  routes(app, { tags: ['account'], forbids: false }, [
    action({
      method: 'PUT',
      path: '/v1/user',
      summary: 'Update name, email and avatar',
      body: UpdateAccountBodySchema,
      answer: UserSchema,
      call: (user, { body }) => service.updateProfile(user, body),
    }),
    action({
      method: 'PUT',
      path: '/v1/user/password',
      summary: 'Change the password; signs out the other sessions',
      description:
        'Needs a signed-in session (403 for a bearer token). Personal access tokens stay valid unless ' +
        '`revoke_tokens` is true, which revokes every token of the user in the same transaction.',
      body: UpdatePasswordBodySchema,
      status: 204,
      config: { sessionOnly: PASSWORD_NEEDS_SESSION },
      call: (user, { body, raw }) => service.changePassword(user, currentSession(raw).id, body),
    }),
    action({
      method: 'GET',
      path: '/v1/user/settings',
      summary: 'Personal settings',
      answer: UserSettingsSchema,
      call: (user) => service.settings(user),
    }),
    action({
      method: 'PUT',
      path: '/v1/user/settings',
      summary: 'Save personal settings',
      body: UserSettingsUpdateSchema,
      answer: UserSettingsSchema,
      stale: 'settings',
      call: (user, { body }) => service.saveSettings(user, body),
    }),
  ]);
};
