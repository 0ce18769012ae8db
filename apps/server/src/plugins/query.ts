import fp from 'fastify-plugin';

/**
 * Laravel's `ConvertEmptyStringsToNull` for the query string: `?filter=&page=` means no filter and
 * the first page, on every route, before any schema sees it.
 */
export const queryPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      if (!query || typeof query !== 'object') return;
      for (const [key, value] of Object.entries(query)) {
        if (value === '') delete query[key];
      }
    });
  },
  { name: 'query' },
);
