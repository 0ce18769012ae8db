import { traceWork } from '../lib/tracing';
import type { Job, JobHandler, WorkOptions } from './types';

type FailureHook = NonNullable<WorkOptions<unknown>['onFailed']>;

/** What each job name runs, and its failure hook: the part both queues register alike. */
export function createHandlers(onError: (error: unknown, job: Job<unknown>) => void) {
  const handlers = new Map<string, JobHandler<unknown>>();
  const failureHooks = new Map<string, FailureHook>();

  return {
    add<T>(name: string, handler: JobHandler<T>, { onFailed }: WorkOptions<T> = {}) {
      if (handlers.has(name)) throw new Error(`Job ${name} already has a handler.`);
      handlers.set(name, handler as JobHandler<unknown>);
      if (onFailed) failureHooks.set(name, onFailed as FailureHook);
    },

    names: () => [...handlers.keys()],

    /** Runs the job's handler; answers what it threw (never undefined then), or undefined when it succeeded. */
    async attempt(job: Job<unknown>): Promise<unknown> {
      try {
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`No handler for job ${job.name}.`);
        // A job's queries and calls are its trace's children (lib/tracing.ts; nothing when off).
        await traceWork(
          `job ${job.name}`,
          { 'adstudio.job': job.name, 'adstudio.job_attempt': job.attempt },
          () => handler(job),
        );
        return undefined;
      } catch (error) {
        onError(error, job);
        return error ?? new Error('The job failed.');
      }
    },

    /** Runs the failure hook; what it throws is only reported, so the job still ends `failed`. */
    async failed(job: Job<unknown>, message: string) {
      await failureHooks
        .get(job.name)?.(job, message)
        .catch((error) => onError(error, job));
    },
  };
}

export type Handlers = ReturnType<typeof createHandlers>;
