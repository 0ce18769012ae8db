import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, pingDb } from '../../db/database';

/** How long readiness waits for the database: a probe must answer before the balancer's own timeout. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Whether the database answers within `timeoutMs`. A ping that hangs (PostgreSQL unreachable, pool
 * waiting for a connection) counts as down; it is left to finish or fail on its own. It pings the
 * database itself (`app.db`): readiness is about the connection, not about any table.
 */
export async function databaseAnswers(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([pingDb(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` is liveness: it never touches the database, so a balancer does not restart every
 * instance during a database outage (restarting would not bring the database back). `/readyz` is
 * readiness: it fails while the database is unreachable, so traffic goes elsewhere meanwhile.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false, session: false },
      schema: {
        tags: ['ops'],
        summary: 'Liveness: the process answers (the database is not checked)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false, session: false },
      schema: {
        tags: ['ops'],
        summary: 'Readiness: the database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('error'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) =>
      (await databaseAnswers(app.db))
        ? reply.send({ status: 'ok' as const, database: 'up' as const })
        : reply.code(503).send({ status: 'error' as const, database: 'down' as const }),
  );
};
