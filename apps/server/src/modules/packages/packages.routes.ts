import { itemResponse, PackageCreateSchema, PackageSchema, PackageUpdateSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { notFound } from '../../lib/http-errors';
import { idParam } from '../../lib/params';
import { forbiddenAnswer as errors, listOf, refusedAnswer, staleAnswer } from '../../lib/route-schemas';
import { sendRenderFile } from '../../storage/render-response';

const tags = ['packages'];
const creativeParams = z.object({ id: idParam });
const packageParams = z.object({ id: idParam, packageId: idParam });

/** Producer packages (docs/design.md §5 and §9): upload, unpack as a job, review, render. */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { packages: service, packageLinks: links } = app.services;
  const read = { preHandler: app.requireAccess('assets', 'read') };
  const write = { preHandler: app.requireAccess('assets', 'write') };

  app.get(
    '/v1/creatives/:id/packages',
    {
      ...read,
      schema: {
        tags,
        summary: "List a creative's packages, newest version first",
        description:
          'processing tells how far unpacking is (queued, unpacking, ready, failed); findings with ' +
          'severity error block approval; preview_url renders an unpacked version in the sandbox.',
        params: creativeParams,
        response: { 200: listOf(PackageSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/creatives/:id/packages',
    {
      ...write,
      schema: {
        tags,
        summary: 'Upload an HTML5 package (a zip from the Vapor upload flow) as the next version',
        description:
          'Answers at once with processing: queued; a job checks the zip (paths, links, size, ' +
          'compression ratio, index.html) and unpacks it.',
        params: creativeParams,
        body: PackageCreateSchema,
        response: {
          201: itemResponse(PackageSchema),
          ...errors,
          ...refusedAnswer('The upload is not a zip, too large, unknown or already used.'),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.create(currentUser(request), request.params.id, request.body) }),
  );

  app.put(
    '/v1/creatives/:id/packages/:packageId',
    {
      ...write,
      schema: {
        tags,
        summary: "Set a package's notes and review status",
        description: 'Approving needs an unpacked package without errors (422 otherwise).',
        params: packageParams,
        body: PackageUpdateSchema,
        response: {
          200: itemResponse(PackageSchema),
          ...errors,
          ...staleAnswer('package'),
          ...refusedAnswer('Not unpacked yet, or it has errors.'),
        },
      },
    },
    async (request) => ({
      data: await service.update(
        currentUser(request),
        request.params.id,
        request.params.packageId,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );

  app.get(
    '/render/p/:token/*',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.object({ token: z.string().max(200), '*': z.string().max(1000) }),
      },
    },
    async (request, reply) => {
      const id = links.verify(request.params.token);
      const file = request.params['*'];
      const found = id === undefined || !file ? undefined : await service.liveFile(id, file);
      if (!found) throw notFound();
      return sendRenderFile(reply, file, found.size, found.body);
    },
  );
};
