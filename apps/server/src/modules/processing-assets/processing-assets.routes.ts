import fs from 'node:fs';
import {
  PROCESSING_IMAGE_MAX_BYTES,
  ProcessingAssetListResponseSchema,
  ProcessingAssetQuerySchema,
} from '@adstudio/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/params';
import { forbiddenAnswer as errors } from '../../lib/route-schemas';
import { createTransactor } from '../../lib/transaction';
import { refusalLogOn, safeFetchToFile } from '../../net/safe-fetch';
import * as media from '../../storage/media-probe';
import { renderScreenshot } from '../../storage/render-screenshot';
import { currentUser } from '../../types';
import { createCreativesRepository } from '../creatives/creatives.repository';
import { renderLinks } from '../packages/packages.routes';
import { createProcessingAssetsRepository } from './processing-assets.repository';
import {
  createProcessingAssetsService,
  PROCESSING_ATTEMPTS,
  PROCESSING_JOB,
} from './processing-assets.service';

const tags = ['assets'];
const FETCH_TIMEOUT_MS = 30_000;

/** The service on the app's database, storage, SSRF guard, job queue and (when configured) Chromium. */
export const processingAssetsServiceOn = (app: FastifyInstance) => {
  const { uploads } = app.services;
  const { store } = app.storage;
  const links = renderLinks(app);
  const chromium = app.config.chromiumPath;
  const creatives = createCreativesRepository(app.db);
  return createProcessingAssetsService({
    items: createProcessingAssetsRepository(app.db),
    transaction: createTransactor(app.db),
    creative: (companyId, id) => creatives.findById(companyId, id),
    files: {
      storeFile: (key, file) => store.write(key, fs.createReadStream(file), PROCESSING_IMAGE_MAX_BYTES),
      store: uploads.store,
      remove: uploads.remove,
      readUrl: uploads.readUrl,
    },
    fetchFile: (url, file) =>
      safeFetchToFile(url, file, {
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: PROCESSING_IMAGE_MAX_BYTES,
        allowHosts: app.config.feeds.allowHosts,
        log: refusalLogOn(app.log),
      }),
    media,
    // The rule's own content is injected by the render route of the token-pages issue (13);
    // until then the backup is the approved package as it renders by itself.
    render: chromium
      ? (packageId, _ruleId, size, file) => renderScreenshot(chromium, links.url(packageId), file, size)
      : undefined,
    queue: (id) =>
      app.jobs.send(
        PROCESSING_JOB,
        { id },
        { singletonKey: `processing-${id}`, maxAttempts: PROCESSING_ATTEMPTS },
      ),
  });
};

/** Processing assets of a creative's rules (issue 10). */
export const processingAssetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = processingAssetsServiceOn(app);

  app.jobs.work<{ id: number }>(PROCESSING_JOB, (job) => service.make(job.data.id), {
    onFailed: (job, message) => service.makeFailed(job.data.id, message),
  });

  app.get(
    '/v1/creatives/:id/:ruleId/processing-assets',
    {
      // Reading queues the jobs that make the items, so the XSRF header is required as for a write.
      config: { xsrf: 'always' },
      preHandler: app.requireAccess('assets', 'read'),
      schema: {
        tags,
        summary: "The assets one rule of the creative's profile points at, and its backup image",
        description:
          "One image item per column of the rule holding an image URL (the template's image_url " +
          'columns, or, without a template, values that look like image URLs) and one backup item, ' +
          'each with its state: queued → fetching → ready, failed with the reason, or unavailable ' +
          '(no headless Chromium on the server, or no approved package to render). Reading brings ' +
          'the items in line with the rule (a changed URL starts its item over) and queues the jobs ' +
          'that fetch each URL through the SSRF guard; retry=1 starts failed items over. 404 when ' +
          "the rule is not of the creative's profile. Needs the X-XSRF-TOKEN header.",
        params: z.object({ id: idParam, ruleId: idParam }),
        querystring: ProcessingAssetQuerySchema,
        response: { 200: ProcessingAssetListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await service.list(currentUser(request), request.params.id, request.params.ruleId, request.query),
    }),
  );
};
