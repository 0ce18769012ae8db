import {
  canAccess,
  ErrorBodySchema,
  SECTIONS,
  SignedStorageUrlBodySchema,
  SignedStorageUrlSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-errors';
import { action, routes } from '../../lib/resource-routes';
import { isValidKey } from '../../storage/object-store';
import { objectHeaders } from './object-headers';

const SignatureQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().optional(),
  'content-type': z.string().optional(),
});

/** Laravel Vapor's upload flow (docs/design.md §4): through the app to local disk, or straight to S3. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.services;

  routes(app, { tags: ['uploads'] }, [
    action({
      method: 'POST',
      path: '/vapor/signed-storage-url',
      summary: 'Step 1 of an upload: a signed URL to PUT the file to',
      body: SignedStorageUrlBodySchema,
      response: SignedStorageUrlSchema,
      status: 201,
      otherAnswers: { 403: ErrorBodySchema.describe('Read-only users (e.g. qa) may not upload.') },
      call: async (user, { body }) => {
        // Uploading is part of editing something; read-only users (qa) may not.
        if (!SECTIONS.some((section) => canAccess(user, section, 'write'))) throw forbidden();
        return uploads.sign(user, body);
      },
    }),
  ]);

  // The object routes read the raw stream themselves; no body parser may buffer it.
  await app.register(async (context) => {
    context.removeAllContentTypeParsers();
    context.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const objects = context.withTypeProvider<ZodTypeProvider>();

    const corsHeaders = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, PUT',
      'access-control-allow-headers': 'content-type',
      'cross-origin-resource-policy': 'cross-origin',
    };

    objects.options('/storage/*', { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(corsHeaders).code(204).send(),
    );

    objects.put(
      '/storage/tmp/:uuid',
      {
        // Sent without credentials; the URL's signature is the authority.
        config: { xsrf: false },
        bodyLimit: app.config.maxUploadBytes,
        schema: {
          tags: ['uploads'],
          summary: 'Step 2 of an upload: PUT the file to the signed URL (no credentials)',
          description: 'Authorized by the signature in the query, not by a session; the URL takes one PUT.',
          params: z.object({ uuid: z.uuid().max(36) }),
          querystring: SignatureQuery,
          response: {
            200: z.object({ size: z.number().int() }).describe('Stored; the size in bytes.'),
            403: ErrorBodySchema.describe('Invalid or expired signature, another Content-Type, or used.'),
            413: ErrorBodySchema.describe('The file is larger than uploads may be.'),
          },
        },
      },
      async (request, reply) => {
        const result = await uploads.receive({
          key: `tmp/${request.params.uuid}`,
          expires: request.query.expires,
          signature: request.query.signature,
          contentType: request.headers['content-type'],
          body: request.raw,
        });
        return reply.headers(corsHeaders).code(200).send({ size: result.size });
      },
    );

    objects.get(
      '/storage/*',
      { schema: { hide: true, querystring: SignatureQuery } },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const contentType = request.query['content-type'] ?? '';
        if (
          !isValidKey(key) ||
          !uploads.verifyRead(key, contentType, request.query.expires, request.query.signature)
        ) {
          throw forbidden('Invalid or expired signature.');
        }
        const maxAge = Math.max(0, request.query.expires - Math.floor(Date.now() / 1000));
        const headers = objectHeaders(contentType);
        const cacheControl = `private, max-age=${maxAge}`;
        const { store } = app.storage;
        if (store.presignGet) {
          // The bucket serves the bytes, under the same headers and for no longer than this URL lives.
          const servedAs = {
            contentType: headers['content-type']!,
            disposition: headers['content-disposition']!,
            cacheControl,
          };
          return reply
            .headers(corsHeaders)
            .header('cache-control', cacheControl)
            .redirect(await store.presignGet(key, servedAs, maxAge), 302);
        }
        const stat = await store.stat(key);
        if (!stat) throw notFound();
        return reply
          .headers(corsHeaders)
          .headers(headers)
          .header('content-length', stat.size)
          .header('cache-control', cacheControl)
          .send(await store.read(key));
      },
    );
  });
};
