import { SearchResponseSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { MAX_PARAM_LENGTH } from '../../lib/params';
import { action, routes } from '../../lib/resource-routes';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search: service } = app.services;

  routes(app, { tags: ['search'], forbids: false }, [
    action({
      method: 'GET',
      path: '/v1/search/:query',
      summary: 'Global search',
      description:
        'query = encodeURIComponent(base64 (standard or URL-safe) of the UTF-8 bytes of the trimmed query). ' +
        'Campaigns, creatives and profiles of the sections the user may read; exact, then prefix, ' +
        'then contains matches, then by name; at most 8 per type and 20 in all. A bad or blank query finds nothing.',
      // Longer than any search box sends: finds nothing, like a bad query.
      params: z.object({ query: z.string().max(MAX_PARAM_LENGTH).catch('') }),
      response: SearchResponseSchema,
      call: async (user, { params }) => ({ data: await service.search(user, params.query) }),
    }),
  ]);

  // Undocumented twin for clients that forget to URL-encode a '/' of the base64 text.
  app.get(
    '/v1/search/*',
    {
      schema: { hide: true, params: z.object({ '*': z.string() }), response: { 200: SearchResponseSchema } },
    },
    async (request) => ({ data: await service.search(currentUser(request), request.params['*']) }),
  );
};
