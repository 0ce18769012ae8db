import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue } from '../jobs/job-queue';
import { createPgBossQueue, pgBossSchemaFor } from '../jobs/pg-boss-queue';
import type { Job, JobQueue } from '../jobs/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (docs/design.md §8); workers are declared in `<area>.tasks.ts` files. */
    jobs: JobQueue;
  }
}

/**
 * pg-boss on PostgreSQL, where several instances share the queue and only expiry tells a dead
 * instance's jobs from a live one's; our own queue on SQLite, one instance by nature.
 */
function queueFor(app: FastifyInstance): JobQueue {
  const onError = (error: unknown, job: Job<unknown>) => {
    app.metrics.jobFailed(job.name);
    app.log.warn({ err: error, job: job.name, id: job.id }, 'job failed');
  };
  const database = app.config.database;
  const expireInSeconds = app.config.jobExpireSeconds;
  return database.kind === 'postgres'
    ? createPgBossQueue(app.db, {
        schema: pgBossSchemaFor(database),
        expireInSeconds,
        // Expired jobs are found by maintenance: look a few times within one expiry, at most each minute.
        maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(expireInSeconds / 4))),
        onError,
      })
    : createJobQueue(app.db, { onError });
}

/** The job queue: handlers are registered while the app is built; work starts once it is ready. */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = queueFor(app);
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('preClose', () => jobs.stop(app.config.shutdownSeconds * 1000));
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
