import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDb } from '../../db/database';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('error'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) =>
      (await pingDb(app.db))
        ? reply.send({ status: 'ok' as const, database: 'up' as const })
        : reply.code(503).send({ status: 'error' as const, database: 'down' as const }),
  );
};
