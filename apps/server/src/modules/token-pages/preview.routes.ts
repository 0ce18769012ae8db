import {
  ExternalPreviewSchema,
  ExternalSimulationSchema,
  itemResponse,
  PREVIEW_VARIANTS_MAX,
  SimulationContextSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenRoute } from './token-route';

/**
 * The creative preview's API (the token pages issue): what `/externalpreview/{token}` shows. The
 * token names one creative; everything answered is that creative's.
 */
export const previewPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { previewPage: service } = app.services;

  app.get(
    '/v1/creatives/externalpreview/:token',
    {
      config: tokenRoute('token'),
      schema: {
        tags: ['token pages'],
        summary: 'A shared creative preview: the creative, its variants rendered, and its fallback image',
        description:
          'Variants are the active rules the creative serves, in feed order (at most ' +
          `${PREVIEW_VARIANTS_MAX}; variants_total counts them all); a creative without feed has one, ` +
          'rule 0. render_url is null while no package is approved. Each call is logged as a view.',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: itemResponse(ExternalPreviewSchema) },
      },
    },
    async (request) => ({
      data: await service.open(request.params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );

  app.get(
    '/v1/creatives/externalpreview/:token/simulate',
    {
      config: tokenRoute('token'),
      schema: {
        tags: ['token pages'],
        summary: 'Which variant of the shared creative a viewer would get at a moment, place and device',
        description:
          'The creative simulator, read-only: data sources give their cached values, and the answer ' +
          'names the variant and its render, not the rules tried. 422 for a creative without feed. ' +
          'Not logged as a view.',
        params: z.object({ token: z.string().max(200) }),
        querystring: SimulationContextSchema.pick({
          at: true,
          time_zone: true,
          country: true,
          region: true,
          city: true,
          device: true,
          language: true,
        }),
        response: { 200: itemResponse(ExternalSimulationSchema) },
      },
    },
    async (request) => ({ data: await service.simulate(request.params.token, request.query) }),
  );
};
