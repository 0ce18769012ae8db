import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../lib/indexed-filter';

/** One run of a job: its row id, payload and which attempt this is (1 = first). */
export interface Job<T> {
  id: number;
  name: string;
  data: T;
  attempt: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface WorkOptions<T> {
  /**
   * Runs once when the job ends `failed` (its last attempt threw, or the process stopped during
   * it): record the failure where users see it. Errors it throws are only reported.
   */
  onFailed?: (job: Job<T>, message: string) => Promise<void>;
}

export interface SendOptions {
  /**
   * At most one queued or running job per name and key (e.g. one extraction per package): a send
   * while one is waiting or running answers null and queues nothing.
   */
  singletonKey?: string;
  /** How many times it is tried in all before it is `failed` (default 3). */
  maxAttempts?: number;
}

export interface JobState {
  state: 'queued' | 'active' | 'done' | 'failed';
  attempts: number;
  lastError: string | null;
}

export interface JobQueueOptions {
  /** How often idle workers look for work queued by another process (ms). */
  pollMs?: number;
  /** Jobs run at once in this process. */
  concurrency?: number;
  /** Retries wait this long times the attempt number (ms). */
  retryDelayMs?: number;
  /** Finished jobs are deleted after this long (ms). */
  keepFinishedMs?: number;
  onError?: (error: unknown, job: Job<unknown>) => void;
  now?: () => Date;
}

/** Why a job that was running when its process stopped did not finish. */
export const INTERRUPTED = 'The server stopped while this job was running.';

/**
 * Durable background jobs on the app's own database (DESIGN section 8), for SQLite's single
 * process and for PostgreSQL alike: a `jobs` row per job, claimed with a conditional update (on
 * PostgreSQL `for update skip locked`, so several workers never take the same job), retried with
 * a growing delay, and `failed` with the last error when its attempts are used up.
 *
 * A handler must leave the previous good state in place when it fails or the process dies (write
 * its result in one transaction at the end). At start, jobs a stopped process left `active` are
 * queued again (or failed when that was their last attempt): on SQLite no other process can be
 * running them. Several instances on PostgreSQL use pg-boss instead (issue 14).
 */
export function createJobQueue(db: Db, options: JobQueueOptions = {}) {
  const {
    pollMs = 1000,
    concurrency = 2,
    retryDelayMs = 2000,
    keepFinishedMs = 7 * 24 * 3_600_000,
    onError = () => {},
    now = () => new Date(),
  } = options;
  const handlers = new Map<string, JobHandler<unknown>>();
  const failureHooks = new Map<string, NonNullable<WorkOptions<unknown>['onFailed']>>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let looking = false;

  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  /** Takes the oldest due job whose handler this process has, or none. */
  async function claim(): Promise<Job<unknown> | undefined> {
    const names = [...handlers.keys()];
    if (names.length === 0) return undefined;
    const due = db
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'queued')
      .where('run_after', '<=', iso())
      .where('name', 'in', names)
      .orderBy('run_after')
      .orderBy('id')
      .limit(1);
    const row = await db
      .updateTable('jobs')
      .set({ state: 'active', started_at: iso(), attempts: sql`attempts + 1` })
      .where('id', '=', (isPostgres(db) ? due.forUpdate().skipLocked() : due) as typeof due)
      .where('state', '=', 'queued')
      .returning(['id', 'name', 'data', 'attempts'])
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: Number(row.id), name: row.name, data: JSON.parse(row.data), attempt: row.attempts };
  }

  async function finish(job: Job<unknown>, error?: unknown) {
    if (error === undefined) {
      await db
        .updateTable('jobs')
        .set({ state: 'done', finished_at: iso(), last_error: null })
        .where('id', '=', job.id)
        .execute();
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const row = await db
      .selectFrom('jobs')
      .select('max_attempts')
      .where('id', '=', job.id)
      .executeTakeFirst();
    const retry = row !== undefined && job.attempt < row.max_attempts;
    if (!retry) await failed(job, message);
    await db
      .updateTable('jobs')
      .set(
        retry
          ? { state: 'queued', run_after: iso(retryDelayMs * job.attempt), last_error: message }
          : { state: 'failed', finished_at: iso(), last_error: message },
      )
      .where('id', '=', job.id)
      .execute();
  }

  async function failed(job: Job<unknown>, message: string) {
    await failureHooks
      .get(job.name)?.(job, message)
      .catch((error) => onError(error, job));
  }

  async function run(job: Job<unknown>) {
    const handler = handlers.get(job.name);
    let failure: unknown;
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}.`);
      await handler(job);
    } catch (error) {
      failure = error ?? new Error('The job failed.');
      onError(error, job);
    }
    await finish(job, failure);
  }

  /** Starts jobs while there are free slots and due jobs. */
  async function lookForWork() {
    if (looking || stopping || !started) return;
    looking = true;
    try {
      while (!stopping && running.size < concurrency) {
        const job = await claim();
        if (!job) break;
        const task: Promise<void> = run(job)
          .catch((error) => onError(error, job))
          .finally(() => {
            running.delete(task);
            void lookForWork();
          });
        running.add(task);
      }
    } catch (error) {
      onError(error, { id: 0, name: '(queue)', data: null, attempt: 0 });
    } finally {
      looking = false;
    }
  }

  return {
    /** Registers what runs jobs named `name` (one handler per name). */
    work<T>(name: string, handler: JobHandler<T>, { onFailed }: WorkOptions<T> = {}) {
      if (handlers.has(name)) throw new Error(`Job ${name} already has a handler.`);
      handlers.set(name, handler as JobHandler<unknown>);
      if (onFailed) failureHooks.set(name, onFailed as NonNullable<WorkOptions<unknown>['onFailed']>);
      void lookForWork();
    },

    /** Queues a job; answers its id, or null when a singleton of that key is already queued or running. */
    async send<T>(name: string, data: T, { singletonKey, maxAttempts = 3 }: SendOptions = {}) {
      const row = await db
        .insertInto('jobs')
        .values({
          name,
          data: JSON.stringify(data),
          singleton_key: singletonKey ?? null,
          state: 'queued',
          attempts: 0,
          max_attempts: maxAttempts,
          run_after: iso(),
          created_at: iso(),
        })
        .onConflict((conflict) =>
          conflict
            .columns(['name', 'singleton_key'])
            .where(sql<boolean>`state in ('queued', 'active') and singleton_key is not null`)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (row) setImmediate(() => void lookForWork());
      return row ? Number(row.id) : null;
    },

    async state(id: number): Promise<JobState | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { state: row.state, attempts: row.attempts, lastError: row.last_error };
    },

    /**
     * Recovers what a stopped process left running, then polls. Jobs past their last attempt are
     * failed with INTERRUPTED; the others run again.
     */
    async start() {
      if (started) return;
      const lastTries = await db
        .updateTable('jobs')
        .set({ state: 'failed', finished_at: iso(), last_error: INTERRUPTED })
        .where('state', '=', 'active')
        .where(sql<boolean>`attempts >= max_attempts`)
        .returning(['id', 'name', 'data', 'attempts'])
        .execute();
      for (const row of lastTries) {
        const job = { id: Number(row.id), name: row.name, data: JSON.parse(row.data), attempt: row.attempts };
        await failed(job, INTERRUPTED);
      }
      await db
        .updateTable('jobs')
        .set({ state: 'queued', run_after: iso(), last_error: INTERRUPTED })
        .where('state', '=', 'active')
        .execute();
      await db
        .deleteFrom('jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('finished_at', '<', iso(-keepFinishedMs))
        .execute();
      started = true;
      stopping = false;
      timer = setInterval(() => void lookForWork(), pollMs);
      timer.unref();
      await lookForWork();
    },

    /** Takes no new jobs and waits for the running ones. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      while (running.size > 0) await Promise.allSettled([...running]);
      started = false;
    },

    /** Resolves when no job is running and none is due (tests, and the CLI's one-shot runs). */
    async idle() {
      for (;;) {
        await lookForWork();
        if (running.size === 0) {
          // Jobs no handler here would take are not waited for.
          if (handlers.size === 0) return;
          const due = await db
            .selectFrom('jobs')
            .select('id')
            .where('state', 'in', ['queued', 'active'])
            .where('run_after', '<=', iso())
            .where('name', 'in', [...handlers.keys()])
            .limit(1)
            .executeTakeFirst();
          if (!due) return;
        }
        await Promise.race([...running, new Promise((resolve) => setTimeout(resolve, 20))]);
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
