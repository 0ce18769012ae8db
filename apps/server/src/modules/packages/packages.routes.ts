import { PackageCreateSchema, PackageSchema, PackageUpdateSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { nestedResourceRoutes } from '../../lib/resource-routes';
import { listOf } from '../../lib/route-schemas';
import { sendRenderFile } from '../../storage/render-response';

/** Producer packages (docs/design.md §5 and §9): upload, unpack as a job, review, render. */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { packages: service, packageLinks: links } = app.services;

  nestedResourceRoutes(app, {
    path: '/v1/creatives/:id/packages',
    itemParam: 'packageId',
    tags: ['packages'],
    noun: 'package',
    item: PackageSchema,
    access: 'assets',
    service: { list: service.list, create: service.create, update: service.update },
    list: {
      summary: "List a creative's packages, newest version first",
      description:
        'processing tells how far unpacking is (queued, unpacking, ready, failed); findings with ' +
        'severity error block approval; preview_url renders an unpacked version in the sandbox.',
      response: listOf(PackageSchema),
    },
    create: {
      summary: 'Upload an HTML5 package (a zip from the Vapor upload flow) as the next version',
      description:
        'Answers at once with processing: queued; a job checks the zip (paths, links, size, ' +
        'compression ratio, index.html) and unpacks it.',
      body: PackageCreateSchema,
      refused: 'The upload is not a zip, too large, unknown or already used.',
    },
    update: {
      summary: "Set a package's notes and review status",
      description: 'Approving needs an unpacked package without errors (422 otherwise).',
      body: PackageUpdateSchema,
      refused: 'Not unpacked yet, or it has errors.',
    },
  });

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
