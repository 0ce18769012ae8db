import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../lib/indexed-filter';
import { createHandlers } from './handlers';
import { type Claimed, createRunner } from './runner';
import { INTERRUPTED, type Job, type JobQueue, type JobState, messageOf, type SendOptions } from './types';

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

interface JobRow {
  id: number;
  name: string;
  data: string;
  attempts: number;
}

const toJob = (row: JobRow): Job<unknown> => ({
  id: String(row.id),
  name: row.name,
  data: JSON.parse(row.data),
  attempt: row.attempts,
});

/**
 * Durable background jobs on the app's own database (docs/design.md §8), for SQLite's single
 * process: a `jobs` row per job, claimed with a conditional update (on PostgreSQL `for update skip
 * locked`, so several workers never take the same job), retried with a growing delay, and `failed`
 * with the last error when its attempts are used up.
 *
 * A handler must leave the previous good state in place when it fails or the process dies (write
 * its result in one transaction at the end). At start, jobs a stopped process left `active` are
 * queued again (or failed when that was their last attempt): on SQLite no other process can be
 * running them. Several instances on PostgreSQL use pg-boss instead (pg-boss-queue.ts), which
 * tells a dead instance's jobs from a live one's by their expiry. It queries its `jobs` table itself:
 * the queue is that table's only reader and writer, below every repository.
 */
export function createJobQueue(db: Db, options: JobQueueOptions = {}): JobQueue {
  const {
    pollMs = 1000,
    concurrency = 2,
    retryDelayMs = 2000,
    keepFinishedMs = 7 * 24 * 3_600_000,
    onError = () => {},
    now = () => new Date(),
  } = options;
  const handlers = createHandlers(onError);
  const runner = createRunner({ claim, concurrency, pollMs, onError });

  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  /** Takes the oldest due job whose handler this process has, or none. */
  async function claim(): Promise<Claimed | undefined> {
    const names = handlers.names();
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
    const job = toJob(row);
    return { job, run: async () => finish(job, await handlers.attempt(job)) };
  }

  async function finish(job: Job<unknown>, error?: unknown) {
    const id = Number(job.id);
    if (error === undefined) {
      await db
        .updateTable('jobs')
        .set({ state: 'done', finished_at: iso(), last_error: null })
        .where('id', '=', id)
        .execute();
      return;
    }
    const message = messageOf(error);
    const row = await db.selectFrom('jobs').select('max_attempts').where('id', '=', id).executeTakeFirst();
    const retry = row !== undefined && job.attempt < row.max_attempts;
    if (!retry) await handlers.failed(job, message);
    await db
      .updateTable('jobs')
      .set(
        retry
          ? { state: 'queued', run_after: iso(retryDelayMs * job.attempt), last_error: message }
          : { state: 'failed', finished_at: iso(), last_error: message },
      )
      .where('id', '=', id)
      .execute();
  }

  /** Fails what a stopped process left running on its last attempt, and queues the rest again. */
  async function recoverInterrupted() {
    const lastTries = await db
      .updateTable('jobs')
      .set({ state: 'failed', finished_at: iso(), last_error: INTERRUPTED })
      .where('state', '=', 'active')
      .where(sql<boolean>`attempts >= max_attempts`)
      .returning(['id', 'name', 'data', 'attempts'])
      .execute();
    for (const row of lastTries) await handlers.failed(toJob(row), INTERRUPTED);
    await db
      .updateTable('jobs')
      .set({ state: 'queued', run_after: iso(), last_error: INTERRUPTED })
      .where('state', '=', 'active')
      .execute();
  }

  let started = false;

  return {
    work(name, handler, workOptions) {
      handlers.add(name, handler, workOptions);
      void runner.lookForWork();
    },

    async send(name, data, { singletonKey, maxAttempts = 3 }: SendOptions = {}) {
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
      if (row) setImmediate(() => void runner.lookForWork());
      return row ? String(row.id) : null;
    },

    async state(id): Promise<JobState | undefined> {
      const row = await db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'last_error'])
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return row && { state: row.state, attempts: row.attempts, lastError: row.last_error };
    },

    /**
     * Recovers what a stopped process left running, then polls. Jobs past their last attempt are
     * failed with INTERRUPTED; the others run again.
     */
    async start() {
      if (started) return;
      await recoverInterrupted();
      await db
        .deleteFrom('jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('finished_at', '<', iso(-keepFinishedMs))
        .execute();
      started = true;
      await runner.start();
    },

    async stop(boundMs?: number) {
      const left = await runner.stop(boundMs);
      // Handed back: queued again, the attempt the stop cut short not counted against the job.
      if (left.length > 0)
        await db
          .updateTable('jobs')
          .set({ state: 'queued', run_after: iso(), attempts: sql`attempts - 1`, last_error: INTERRUPTED })
          .where(
            'id',
            'in',
            left.map((job) => Number(job.id)),
          )
          .where('state', '=', 'active')
          .execute();
      started = false;
    },

    async depth() {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', '=', 'queued')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    idle: () =>
      runner.idle(async () => {
        const names = handlers.names();
        // Jobs no handler here would take are not waited for.
        if (names.length === 0) return false;
        const due = await db
          .selectFrom('jobs')
          .select('id')
          .where('state', 'in', ['queued', 'active'])
          .where('run_after', '<=', iso())
          .where('name', 'in', names)
          .limit(1)
          .executeTakeFirst();
        return due !== undefined;
      }),
  };
}
