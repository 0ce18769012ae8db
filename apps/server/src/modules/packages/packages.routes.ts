import { itemResponse, PackageCreateSchema, PackageSchema, PackageUpdateSchema } from '@adstudio/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { idParam } from '../../lib/params';
import { runPeriodically } from '../../lib/periodic';
import { forbiddenAnswer as errors, listOf, refusedAnswer, staleAnswer } from '../../lib/route-schemas';
import { createTransactor } from '../../lib/transaction';
import { inspectPackage, unpackPackage } from '../../storage/package-zip';
import { currentUser } from '../../types';
import { createAuditRepository } from '../audit/audit.repository';
import { createAuditLog } from '../audit/audit-log';
import { createCreativesRepository } from '../creatives/creatives.repository';
import { sendRenderFile } from '../render/render-response';
import { unpackedPrefix } from './package-files';
import { createPackageUnpack } from './package-unpack';
import { createPackagesRepository } from './packages.repository';
import { createPackagesService, UNPACK_ATTEMPTS, UNPACK_JOB } from './packages.service';

const tags = ['packages'];
const creativeParams = z.object({ id: idParam });
const packageParams = z.object({ id: idParam, packageId: idParam });
/** A render link lives as long as a page view, like signed file URLs. */
const RENDER_TTL_SECONDS = 60 * 60;
/** How often unpacking's leftovers are looked for, besides at start. */
const SWEEP_EVERY_MS = 6 * 3_600_000;

/**
 * Signed render links of one package: `/render/p/{id}.{expires}.{signature}/index.html`. The
 * signature sits in the path, so the package's relative links (`img/a.png`) keep it.
 */
export function renderLinks(app: FastifyInstance) {
  const base = app.config.renderUrl ?? app.config.appUrl;
  const request = (id: number, expires: number) => ({
    method: 'GET' as const,
    key: `render/${unpackedPrefix(id)}`,
    contentType: '',
    expires,
  });
  const signature = (id: number, expires: number) => app.storage.signer.signature(request(id, expires));
  return {
    /** Expiries are whole hours, at least an hour ahead: the URL stays the same within an hour. */
    url(id: number) {
      const expires = (Math.floor(Date.now() / 1000 / RENDER_TTL_SECONDS) + 2) * RENDER_TTL_SECONDS;
      return `${base}/render/p/${id}.${expires}.${signature(id, expires)}/index.html`;
    },
    /** The package a render token names, if it is genuine and unexpired. */
    verify(token: string): number | undefined {
      const match = /^([0-9]{1,10})\.([0-9]{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
      if (!match) return undefined;
      const [id, expires] = [Number(match[1]), Number(match[2])];
      return app.storage.signer.verify(request(id, expires), match[3]) ? id : undefined;
    },
  };
}

const queueUnpackOn = (app: FastifyInstance) => (id: number) =>
  app.jobs.send(UNPACK_JOB, { id }, { singletonKey: `package-${id}`, maxAttempts: UNPACK_ATTEMPTS });

export const packagesServiceOn = (app: FastifyInstance) => {
  const creatives = createCreativesRepository(app.db);
  const { uploads } = app.services;
  return createPackagesService({
    packages: createPackagesRepository(app.db),
    refs: { creative: (companyId, id, trx) => creatives.findById(companyId, id, trx, { deleted: 'any' }) },
    files: { check: uploads.check, keep: uploads.keep, read: app.storage.store.read },
    queueUnpack: queueUnpackOn(app),
    previewUrl: renderLinks(app).url,
    audit: createAuditLog(createAuditRepository(app.db), 'package'),
    transaction: createTransactor(app.db),
  });
};

/** The unpack job and the sweep of what unpacking left. */
export const packageUnpackOn = (app: FastifyInstance) => {
  const creatives = createCreativesRepository(app.db);
  return createPackageUnpack({
    packages: createPackagesRepository(app.db),
    refs: { creative: (companyId, id, trx) => creatives.findById(companyId, id, trx, { deleted: 'any' }) },
    files: app.storage.store,
    zip: { inspect: inspectPackage, unpack: unpackPackage },
    queueUnpack: queueUnpackOn(app),
    transaction: createTransactor(app.db),
  });
};

/** Producer packages (DESIGN sections 5 and 9): upload, unpack as a job, review, render. */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = packagesServiceOn(app);
  const links = renderLinks(app);
  const read = { preHandler: app.requireAccess('assets', 'read') };
  const write = { preHandler: app.requireAccess('assets', 'write') };

  const unpack = packageUnpackOn(app);
  app.jobs.work<{ id: number }>(UNPACK_JOB, (job) => unpack.unpack(job.data.id), {
    onFailed: (job, message) => unpack.unpackFailed(job.data.id, message),
  });
  runPeriodically(app, 'package sweep', SWEEP_EVERY_MS, () => unpack.sweep(), { onReady: true });

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
