import { ExternalPreviewSchema, itemResponse, PREVIEW_VARIANTS_MAX } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProfilesRepository } from '../profiles/profiles.repository';
import { variantRenderUrlsOn } from '../render/render-links';
import { tokenLinksOn } from '../token-links/token-links';
import { uploadsServiceOn } from '../uploads/uploads.routes';
import { createPreviewRepository } from './preview.repository';
import { createPreviewService } from './preview.service';
import { tokenRoute } from './token-route';

/**
 * The creative preview's API (the token pages issue): what `/externalpreview/{token}` shows. The
 * token names one creative; everything answered is that creative's.
 */
export const previewPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = uploadsServiceOn(app);
  const service = createPreviewService({
    links: tokenLinksOn(app),
    previews: createPreviewRepository(app.db),
    profiles: createProfilesRepository(app.db),
    renderUrls: variantRenderUrlsOn(app),
    readUrl: files.readUrl,
  });

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
};
