import {
  ExternalPreviewSchema,
  ExternalSimulationSchema,
  PREVIEW_VARIANTS_MAX,
  SimulationContextSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { publicAction, routes } from '../../lib/resource-routes';
import { tokenRoute, viewerOf } from './token-route';

const params = z.object({ token: z.string().max(200) });

/**
 * The creative preview's API (docs/design.md §9): what `/externalpreview/{token}` shows. The
 * token names one creative; everything answered is that creative's.
 */
export const previewPageRoutes: FastifyPluginAsync = async (app) => {
  const { previewPage: service } = app.services;
  routes(app, { tags: ['token pages'] }, [
    publicAction({
      method: 'GET',
      path: '/v1/creatives/externalpreview/:token',
      summary: 'A shared creative preview: the creative, its variants rendered, and its fallback image',
      description:
        'Variants are the active rules the creative serves, in feed order (at most ' +
        `${PREVIEW_VARIANTS_MAX}; variants_total counts them all); a creative without feed has one, ` +
        'rule 0. render_url is null while no package is approved. Each call is logged as a view.',
      params,
      answer: ExternalPreviewSchema,
      config: tokenRoute('token'),
      call: ({ params, raw }) => service.open(params.token, viewerOf(raw)),
    }),
    publicAction({
      method: 'GET',
      path: '/v1/creatives/externalpreview/:token/simulate',
      summary: 'Which variant of the shared creative a viewer would get at a moment, place and device',
      description:
        'The creative simulator, read-only: data sources give their cached values, and the answer ' +
        'names the variant and its render, not the rules tried. 422 for a creative without feed. ' +
        'Not logged as a view.',
      params,
      querystring: SimulationContextSchema.pick({
        at: true,
        time_zone: true,
        country: true,
        region: true,
        city: true,
        device: true,
        language: true,
      }),
      answer: ExternalSimulationSchema,
      config: tokenRoute('token'),
      call: ({ params, query }) => service.simulate(params.token, query),
    }),
  ]);
};
