import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobHandler, WorkOptions } from '../jobs/types';
import { runPeriodically } from '../lib/periodic';

/** A task on a timer on every instance (lib/periodic.ts); `onReady` also runs it once the server is ready. */
export interface Timer {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  onReady?: boolean;
}

/** What runs the jobs named `job` (the queue's `work`): its handler and options. */
export interface Worker {
  job: string;
  handle: JobHandler<unknown>;
  options?: WorkOptions<unknown>;
}

/** An area's background work: its timers and its queue workers. */
export interface Tasks {
  timers?: Timer[];
  workers?: Worker[];
}

/** What an area's tasks are made from: its services, the configuration, the database's own upkeep. */
export type TaskContext = Pick<FastifyInstance, 'services' | 'config' | 'db'>;

/** An area's `<area>.tasks.ts`: declares its tasks, starts nothing (the tasks plugin does). */
export type AreaTasks = (context: TaskContext) => Tasks;

/** A worker for jobs carrying `T`, typed as `app.jobs.work<T>` would take it. */
export function worker<T>(job: string, handle: JobHandler<T>, options?: WorkOptions<T>): Worker {
  return { job, handle: handle as JobHandler<unknown>, options: options as WorkOptions<unknown> | undefined };
}

/** A started task as tests see it: a timer by name, a worker by the job name it takes. */
export type TaskEntry =
  | { kind: 'timer'; name: string; everyMs: number; onReady: boolean }
  | { kind: 'worker'; name: string; onFailed: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** What the tasks plugin started, in order (tests check each is there once). */
    taskTable: readonly TaskEntry[];
  }
}

/**
 * Starts the app's background work, the only place that does: each area's tasks (the list in
 * app.ts), workers registered with the job queue (which starts taking jobs once the app is
 * ready) and timers started now. A name used twice is refused, as the queue refuses a second
 * handler for a job.
 */
export const tasksPlugin = fp<{ areas: readonly AreaTasks[] }>(
  async (app, { areas }) => {
    const table: TaskEntry[] = [];
    const context: TaskContext = { services: app.services, config: app.config, db: app.db };
    for (const { timers = [], workers = [] } of areas.map((area) => area(context))) {
      for (const { job, handle, options } of workers) {
        app.jobs.work(job, handle, options);
        table.push({ kind: 'worker', name: job, onFailed: options?.onFailed !== undefined });
      }
      for (const { name, everyMs, run, onReady } of timers) {
        if (table.some((entry) => entry.kind === 'timer' && entry.name === name))
          throw new Error(`Timer ${name} is declared twice.`);
        runPeriodically(app, name, everyMs, run, { onReady });
        table.push({ kind: 'timer', name, everyMs, onReady: onReady ?? false });
      }
    }
    app.decorate('taskTable', table);
  },
  { name: 'tasks', dependencies: ['config', 'db', 'jobs', 'services'] },
);
