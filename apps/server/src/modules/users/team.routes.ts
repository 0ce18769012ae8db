import {
  CompanyTwoFactorSchema,
  InvitationCreateSchema,
  InvitationSchema,
  PasswordResetLinkSchema,
  TeamListQuerySchema,
  TeamListResponseSchema,
  TeamMemberSchema,
  TeamMemberUpdateSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, resourceRoutes, routes } from '../../lib/resource-routes';

/**
 * The team in Settings (docs/design.md §13), admins only: the company's users, invitations,
 * permissions, deactivation. Another company's user is a 404, as everywhere.
 */
export const teamRoutes: FastifyPluginAsync = async (app) => {
  const { team, passwordResets, twoFactor, companySecurity } = app.services;
  resourceRoutes(app, {
    path: '/v1/users',
    tags: ['users'],
    noun: 'user',
    item: TeamMemberSchema,
    access: { read: app.requireAdmin, write: app.requireAdmin },
    service: { list: team.list, update: team.update },
    list: {
      summary: "List the company's users (admins): status, role, permissions, two-factor, last sign-in",
      description: '`filter` matches name and email; `status` is one of active, invited, deactivated.',
      querystring: TeamListQuerySchema,
      response: TeamListResponseSchema,
    },
    update: {
      summary: "Change a user's name, role or permissions (admins); their next request sees it",
      body: TeamMemberUpdateSchema,
      versioned: false,
      refused: 'A field is invalid, or the change would leave the company without an active admin.',
    },
    actions: [
      action({
        method: 'POST',
        path: '/invitations',
        on: 'collection',
        summary: 'Invite a user (admins): a one-time link by e-mail, valid 7 days',
        description:
          'Without e-mail configured (SMTP_URL) the answer carries `invitation_url` once, for the admin ' +
          'to pass on; it is never shown again.',
        body: InvitationCreateSchema,
        answer: InvitationSchema,
        status: 201,
        refused: 'A field is invalid, or the email is taken.',
        call: (user, { body }) => team.invite(user, body),
      }),
      action({
        method: 'POST',
        path: '/invitation',
        summary: 'Send an invitation again with a new link (admins); the old link stops working',
        answer: InvitationSchema,
        refused: 'The user has no pending invitation.',
        call: (user, { params }) => team.resend(user, params.id),
      }),
      action({
        method: 'DELETE',
        path: '/invitation',
        summary: 'Revoke a pending invitation (admins): the invited user, who never joined, is removed',
        status: 204,
        refused: 'The user has no pending invitation.',
        call: (user, { params }) => team.revokeInvitation(user, params.id),
      }),
      action({
        method: 'POST',
        path: '/deactivate',
        summary: 'Deactivate a user (admins): their sessions and tokens stop at once; their work stays',
        answer: TeamMemberSchema,
        refused: 'The company would be left without an active admin.',
        call: (user, { params }) => team.deactivate(user, params.id),
      }),
      action({
        method: 'POST',
        path: '/password-reset',
        summary: 'Make a link for a user to choose a new password (admins): e-mailed, valid an hour',
        description:
          'Without e-mail configured the answer carries `reset_url` once, for the admin to pass on.',
        answer: PasswordResetLinkSchema,
        refused: 'The user is not active.',
        call: (user, { params }) => passwordResets.forUser(user, params.id),
      }),
      action({
        method: 'DELETE',
        path: '/two-factor',
        summary: "Reset a user's two-factor sign-in (admins): off, to be set up again (a lost phone)",
        status: 204,
        call: (user, { params }) => twoFactor.reset(user, params.id),
      }),
      action({
        method: 'POST',
        path: '/activate',
        summary: 'Reactivate a deactivated user (admins)',
        answer: TeamMemberSchema,
        call: (user, { params }) => team.activate(user, params.id),
      }),
    ],
  });

  // Whether the company requires two-factor sign-in of every user (admins).
  routes(app, { tags: ['users'], access: { read: app.requireAdmin, write: app.requireAdmin } }, [
    action({
      method: 'GET',
      path: '/v1/company/two-factor',
      summary: 'Whether the company requires two-factor sign-in (admins)',
      answer: CompanyTwoFactorSchema,
      call: (user) => companySecurity.get(user),
    }),
    action({
      method: 'PUT',
      path: '/v1/company/two-factor',
      summary: 'Require two-factor sign-in of every user of the company, or not (admins)',
      description:
        'Required: a user without it is taken to its set-up after signing in and can do nothing else until done.',
      body: CompanyTwoFactorSchema,
      answer: CompanyTwoFactorSchema,
      call: (user, { body }) => companySecurity.set(user, body.required),
    }),
  ]);
};
