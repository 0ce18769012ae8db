import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRenderFile } from '../../storage/render-response';

/**
 * Renders (docs/design.md §9): `/render/{token}/{ruleId}/…` serves the token's package — the
 * creative's newest approved one, or the version an internal preview chose — with rule `ruleId`'s
 * dynamic content and the Enabler shim injected into its entry file, `clickTag` on the click
 * tracker, under the sandbox CSP. Every render is a preview: its tracker counts nothing.
 */
export const renderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { render } = app.services;

  app.get(
    '/render/:token/:ruleId/*',
    {
      // Served ads load their package's files from here (their `<base>`), and QA renders every
      // variant from the server's own address: like ad traffic, outside the per-IP ceiling.
      config: { public: true, rateLimit: false },
      schema: {
        hide: true,
        params: z.object({
          token: z.string().max(200),
          ruleId: z.string().max(12),
          '*': z.string().max(1000),
        }),
      },
    },
    async (request, reply) => {
      const file = request.params['*'];
      const found = await render.file(request.params.token, request.params.ruleId, file);
      return sendRenderFile(reply, file, found.size, found.body, found.cacheControl);
    },
  );
};
