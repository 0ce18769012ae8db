import { ProcessingAssetListResponseSchema, ProcessingAssetQuerySchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { idParam } from '../../lib/params';
import { forbiddenAnswer as errors } from '../../lib/route-schemas';

const tags = ['assets'];

/** Processing assets of a creative's rules (issue 10). */
export const processingAssetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { processingAssets: service } = app.services;

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
