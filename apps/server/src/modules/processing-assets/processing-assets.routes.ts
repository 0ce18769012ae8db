import { ProcessingAssetQuerySchema, ProcessingAssetSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, itemParams, routes } from '../../lib/resource-routes';

/** Processing assets of a creative's rules. */
export const processingAssetsRoutes: FastifyPluginAsync = async (app) => {
  const { processingAssets: service } = app.services;
  routes(app, { tags: ['assets'], access: 'assets' }, [
    action({
      method: 'GET',
      path: '/v1/creatives/:id/:ruleId/processing-assets',
      summary: "The assets one rule of the creative's profile points at, and its backup image",
      description:
        "One image item per column of the rule holding an image URL (the template's image_url " +
        'columns, or, without a template, values that look like image URLs) and one backup item, ' +
        'each with its state: queued → fetching → ready, failed with the reason, or unavailable ' +
        '(no headless Chromium on the server, or no approved package to render). Reading brings ' +
        'the items in line with the rule (a changed URL starts its item over) and queues the jobs ' +
        'that fetch each URL through the SSRF guard; retry=1 starts failed items over. 404 when ' +
        "the rule is not of the creative's profile. Needs the X-XSRF-TOKEN header.",
      params: itemParams('ruleId'),
      querystring: ProcessingAssetQuerySchema,
      answer: ProcessingAssetSchema,
      list: true,
      // Reading queues the jobs that make the items, so the XSRF header is required as for a write.
      config: { xsrf: 'always' },
      call: (user, { params, query }) => service.list(user, params.id, params.ruleId, query),
    }),
  ]);
};
