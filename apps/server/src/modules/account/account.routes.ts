import {
  PASSWORD_NEEDS_SESSION,
  RecoveryCodesSchema,
  TWO_FACTOR_NEEDS_SESSION,
  TwoFactorConfirmSchema,
  TwoFactorDisableSchema,
  TwoFactorSetupSchema,
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
  const { account: service, twoFactor } = app.services;
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

  // Two-factor sign-in: set up, confirmed and turned off signed in (a token cannot change credentials).
  const signedIn = { sessionOnly: TWO_FACTOR_NEEDS_SESSION, twoFactorSetup: true as const };
  routes(app, { tags: ['account'], forbids: false, config: signedIn }, [
    action({
      method: 'POST',
      path: '/v1/user/two-factor',
      summary: 'Start setting up two-factor sign-in: a new secret, as a QR code and as text',
      description: 'Until confirmed, starting again replaces the secret. 422 when it is on already.',
      answer: TwoFactorSetupSchema,
      refused: 'Two-factor sign-in is on already.',
      call: (user) => twoFactor.begin(user),
    }),
    action({
      method: 'POST',
      path: '/v1/user/two-factor/confirm',
      summary: 'Confirm two-factor sign-in with a first code; answers 10 recovery codes, shown once',
      body: TwoFactorConfirmSchema,
      answer: RecoveryCodesSchema,
      refused: 'The code is not valid, or there is no set-up to confirm.',
      call: (user, { body }) => twoFactor.confirm(user, body.code),
    }),
    action({
      method: 'DELETE',
      path: '/v1/user/two-factor',
      summary: 'Turn two-factor sign-in off, with the password and a code (or a recovery code)',
      body: TwoFactorDisableSchema,
      status: 204,
      refused: 'The password or the code is not valid.',
      call: (user, { body }) => twoFactor.disable(user, body.password, body.code),
    }),
  ]);
};
