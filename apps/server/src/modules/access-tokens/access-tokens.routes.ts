import {
  AccessTokenCreateSchema,
  AccessTokenSchema,
  CompanyAccessTokenSchema,
  itemResponse,
  NewAccessTokenSchema,
  RevokedTokensSchema,
  TOKENS_NEED_SESSION,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import {
  forbiddenAnswer as errors,
  idParams,
  listOf,
  noContent,
  refusedAnswer,
} from '../../lib/route-schemas';

/**
 * Personal access tokens (the integrations issue): `/v1/user/tokens` for one's own, `/v1/tokens`
 * for an admin's view of the company's. Managed signed in only: a token cannot make or revoke
 * tokens (403), so a leaked one cannot outlive its revocation.
 */
export const accessTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accessTokens: service } = app.services;
  const tags = ['access tokens'];
  const signedIn = { config: { sessionOnly: TOKENS_NEED_SESSION } };

  app.get(
    '/v1/user/tokens',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'List my personal access tokens (never their secrets), newest first',
        response: { 200: listOf(AccessTokenSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(currentUser(request)) }),
  );

  app.post(
    '/v1/user/tokens',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Create a personal access token; its secret is shown once',
        description:
          '`token` is `{id}|{secret}`: send it as `Authorization: Bearer {token}` on any `/v1` route. ' +
          '`read` may only read; `write` may everything the user may. Default expiry 90 days; at most 20 live tokens.',
        body: AccessTokenCreateSchema,
        response: {
          201: itemResponse(NewAccessTokenSchema),
          ...refusedAnswer('A field is invalid, or the user has 20 tokens already.'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.delete(
    '/v1/user/tokens/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke one of my tokens: it answers 401 from now on',
        params: idParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.revoke(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/user/tokens',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke all my tokens: every one answers 401 from now on',
        response: { 200: itemResponse(RevokedTokensSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.revokeMine(currentUser(request)) }),
  );

  app.get(
    '/v1/tokens',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "List the company's personal access tokens, with their users (admins)",
        response: { 200: listOf(CompanyAccessTokenSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.ofCompany(currentUser(request)) }),
  );

  app.delete(
    '/v1/tokens/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Revoke any of the company's tokens (admins)",
        params: idParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeInCompany(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
