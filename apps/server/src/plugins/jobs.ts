import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (DESIGN section 8); routes register handlers with `app.jobs.work`. */
    jobs: JobQueue;
  }
}

/** The job queue: handlers are registered while the app is built; work starts once it is ready. */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = createJobQueue(app.db, {
      onError: (error, job) => app.log.warn({ err: error, job: job.name, id: job.id }, 'job failed'),
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
