import {
  AccessTokenCreateSchema,
  AccessTokenSchema,
  CompanyAccessTokenSchema,
  NewAccessTokenSchema,
  RevokedTokensSchema,
  TOKENS_NEED_SESSION,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, resourceRoutes } from '../../lib/resource-routes';
import { listOf } from '../../lib/route-schemas';

/**
 * Personal access tokens: `/v1/user/tokens` for one's own, `/v1/tokens` for an admin's view of the
 * company's (the service checks that the user is one). Managed signed in only: a token cannot make
 * or revoke tokens (403), so a leaked one cannot outlive its revocation.
 */
export const accessTokensRoutes: FastifyPluginAsync = async (app) => {
  const { accessTokens: service } = app.services;
  const common = { tags: ['access tokens'], noun: 'token', config: { sessionOnly: TOKENS_NEED_SESSION } };
  resourceRoutes(app, {
    ...common,
    path: '/v1/user/tokens',
    item: AccessTokenSchema,
    service: { list: service.list, create: service.create, remove: service.revoke },
    list: {
      summary: 'List my personal access tokens (never their secrets), newest first',
      response: listOf(AccessTokenSchema),
    },
    create: {
      summary: 'Create a personal access token; its secret is shown once',
      description:
        '`token` is `{id}|{secret}`: send it as `Authorization: Bearer {token}` on any `/v1` route. ' +
        '`read` may only read; `write` may everything the user may. Default expiry 90 days; at most 20 live tokens.',
      body: AccessTokenCreateSchema,
      response: NewAccessTokenSchema,
      refused: 'A field is invalid, or the user has 20 tokens already.',
    },
    remove: { summary: 'Revoke one of my tokens: it answers 401 from now on' },
    actions: [
      action({
        method: 'DELETE',
        path: '',
        on: 'collection',
        summary: 'Revoke all my tokens: every one answers 401 from now on',
        answer: RevokedTokensSchema,
        call: (user) => service.revokeMine(user),
      }),
    ],
  });
  resourceRoutes(app, {
    ...common,
    path: '/v1/tokens',
    item: CompanyAccessTokenSchema,
    service: { list: service.ofCompany, remove: service.revokeInCompany },
    list: {
      summary: "List the company's personal access tokens, with their users (admins)",
      response: listOf(CompanyAccessTokenSchema),
    },
    remove: { summary: "Revoke any of the company's tokens (admins)" },
  });
};
