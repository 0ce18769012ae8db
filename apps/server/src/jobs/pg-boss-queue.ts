import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { createHandlers } from './handlers';
import { type Claimed, createRunner } from './runner';
import { INTERRUPTED, type Job, type JobQueue, type JobState, messageOf, type SendOptions } from './types';

export interface PgBossQueueOptions {
  /** The schema pg-boss keeps its tables in; it creates it at the first start. */
  schema?: string;
  /** How often idle workers look for work queued by another instance (ms). */
  pollMs?: number;
  /** Jobs run at once in this instance. */
  concurrency?: number;
  /** The first retry waits about this long, each later one about twice as long (s); 0 retries at once. */
  retryDelaySeconds?: number;
  /**
   * A job still active this long after it started is taken for one whose instance died: it is
   * retried, or failed with INTERRUPTED on its last attempt. Longer than any job may run.
   */
  expireInSeconds?: number;
  /** How often one of the instances expires dead jobs and archives finished ones (s). */
  maintenanceIntervalSeconds?: number;
  onError?: (error: unknown, job: Job<unknown>) => void;
}

/** What pg-boss stores as a job's data: the id travels along so a failed job's hook can name it. */
interface Payload {
  id: string;
  data: unknown;
}

interface FetchedJob {
  id: string;
  data: Payload;
  retryCount: number;
  retryLimit: number;
  output: unknown;
}

const PG_BOSS_STATES = {
  created: 'queued',
  retry: 'queued',
  active: 'active',
  completed: 'done',
  cancelled: 'failed',
  failed: 'failed',
} as const satisfies Record<keyof PgBoss.JobStates, JobState['state']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUEUE_JOB: Job<unknown> = { id: '0', name: '(pg-boss)', data: null, attempt: 0 };

/**
 * Where an app's pg-boss tables live: `pgboss`, or beside an app confined to its own schema (each
 * test file's database), so parallel apps never share a queue.
 */
export function pgBossSchemaFor(database: { schema?: string }): string {
  return database.schema ? `${database.schema}_pgboss` : 'pgboss';
}

/** The queue a job's failure is handed to, so its hook runs once on whichever instance. */
const failedQueueOf = (name: string) => `${name}.failed`;

/** pg-boss runs a statement inside one of our transactions (a singleton send). */
function executorOn(trx: Pick<Db, 'executeQuery'>): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({
      rows: [...(await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows],
    }),
  };
}

/**
 * pg-boss runs its SQL on the app's pool. Some of it is a script with its own BEGIN … COMMIT (the
 * schema's creation, maintenance); when one fails — two instances creating the schema at once —
 * the connection would go back to the pool inside the aborted transaction, so it is rolled back.
 */
function poolExecutorOn(db: Db): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      db.connection().execute(async (connection) => {
        try {
          return await executorOn(connection).executeSql(text, values ?? []);
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
          throw error;
        }
      }),
  };
}

/**
 * The message a failed job's hook records: the one our worker wrote when the handler threw, or
 * INTERRUPTED when pg-boss's maintenance expired it (its instance died during it).
 */
function failureMessage(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : INTERRUPTED;
}

/**
 * Background jobs on pg-boss 10 for PostgreSQL, where any number of instances share the queue
 * (docs/design.md §8). pg-boss stores the jobs, hands each to one instance (`skip locked`), retries
 * them and expires the active jobs of an instance that died; our runner fetches and runs them,
 * with the same concurrency, polling and graceful stop as the SQLite queue (pg-boss's own workers
 * poll every 0.5 s at best and do not await their completions).
 *
 * A job that ends failed — its last attempt threw or it expired — is moved by pg-boss, in the
 * same statement, to the queue's dead-letter queue; running that job calls the `onFailed` hook,
 * so the hook runs once whichever way and on whichever instance the job failed. It queries pg-boss's
 * schema itself: the queue is its only reader and writer, below every repository.
 */
export function createPgBossQueue(db: Db, options: PgBossQueueOptions = {}): JobQueue {
  const {
    schema = 'pgboss',
    pollMs = 1000,
    concurrency = 2,
    retryDelaySeconds = 2,
    expireInSeconds = 15 * 60,
    maintenanceIntervalSeconds = 60,
    onError = () => {},
  } = options;
  const boss = new PgBoss({
    db: poolExecutorOn(db),
    schema,
    // Scheduled syncs run once across instances through next_sync_at; pg-boss's cron is not used.
    schedule: false,
    maintenanceIntervalSeconds,
  });
  boss.on('error', (error) => onError(error, QUEUE_JOB));
  const handlers = createHandlers(onError);
  const runner = createRunner({ claim, concurrency, pollMs, onError });
  const queues = new Map<string, Promise<void>>();
  const jobTable = sql.table(`${schema}.job`);
  let started = false;

  /**
   * Creates the job's queue and its dead-letter queue. Two instances creating queues at once
   * deadlock in pg-boss's create_queue (each waits on the other's queue row and table lock), so
   * creation holds a lock of its own.
   */
  async function createQueue(name: string) {
    if (await boss.getQueue(name)) return;
    const lock = sql`hashtext(${`${schema}.create_queue`})`;
    await db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${lock})`.execute(connection);
      try {
        await boss.createQueue(failedQueueOf(name));
        await boss.createQueue(name, { name, deadLetter: failedQueueOf(name) });
      } finally {
        await sql`select pg_advisory_unlock(${lock})`.execute(connection);
      }
    });
  }

  /** Creates a queue once per instance: pg-boss drops sends to a missing queue. */
  function ensureQueue(name: string) {
    let created = queues.get(name);
    if (!created) {
      created = createQueue(name);
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  }

  /** The queues this instance takes jobs from: its handlers' and their dead letters. */
  const queueNames = () => handlers.names().flatMap((name) => [name, failedQueueOf(name)]);

  /** Which of our queues have a job due now: one query while idle, not one per queue. */
  async function dueQueues(): Promise<string[]> {
    const names = queueNames();
    if (names.length === 0) return [];
    const { rows } = await sql<{ name: string }>`
      select distinct name from ${jobTable}
      where name = any(${names}) and state < 'active' and start_after < now()`.execute(db);
    return rows.map((row) => row.name);
  }

  async function claim(): Promise<Claimed | undefined> {
    for (const name of await dueQueues()) {
      const [fetched] = await boss.fetch<Payload>(name, { includeMetadata: true });
      if (fetched) return claimed(name, fetched as FetchedJob);
    }
    return undefined;
  }

  function claimed(queue: string, fetched: FetchedJob): Claimed {
    const original = handlers.names().find((name) => failedQueueOf(name) === queue);
    if (original !== undefined) {
      // The dead letter of a failed job: its data and retry limit are the failed job's.
      const job = {
        id: fetched.data.id,
        name: original,
        data: fetched.data.data,
        attempt: fetched.retryLimit + 1,
      };
      return {
        job,
        run: async () => {
          await handlers.failed(job, failureMessage(fetched.output));
          await boss.complete(queue, fetched.id);
        },
      };
    }
    const job = { id: fetched.id, name: queue, data: fetched.data.data, attempt: fetched.retryCount + 1 };
    return {
      job,
      run: async () => {
        const error = await handlers.attempt(job);
        if (error === undefined) await boss.complete(queue, fetched.id);
        else await boss.fail(queue, fetched.id, { message: messageOf(error) });
      },
    };
  }

  /**
   * pg-boss's singleton policies keep one job per key and state (`stately`) or one active per key
   * (`singleton`); ours is one queued-or-running per key. A transaction-scoped lock on the key
   * makes the look and the insert one step across instances.
   */
  async function sendSingleton(name: string, payload: Payload, key: string, sendOptions: PgBoss.SendOptions) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.${name}.${key}`}))`.execute(trx);
      const { rows } = await sql`
        select 1 from ${jobTable}
        where name = ${name} and singleton_key = ${key} and state < 'completed' limit 1`.execute(trx);
      if (rows.length > 0) return null;
      return boss.send(name, payload, { ...sendOptions, db: executorOn(trx) });
    });
  }

  return {
    work(name, handler, workOptions) {
      handlers.add(name, handler, workOptions);
      void runner.lookForWork();
    },

    async send(name, data, { singletonKey, maxAttempts = 3 }: SendOptions = {}) {
      await ensureQueue(name);
      const payload: Payload = { id: randomUUID(), data };
      const sendOptions: PgBoss.SendOptions = {
        id: payload.id,
        retryLimit: maxAttempts - 1,
        retryDelay: retryDelaySeconds,
        retryBackoff: retryDelaySeconds > 0,
        expireInSeconds,
        ...(singletonKey === undefined ? {} : { singletonKey }),
      };
      const id =
        singletonKey === undefined
          ? await boss.send(name, payload, sendOptions)
          : await sendSingleton(name, payload, singletonKey, sendOptions);
      if (id) setImmediate(() => void runner.lookForWork());
      return id;
    },

    async state(id) {
      if (!UUID.test(id)) return undefined;
      const { rows } = await sql<{
        state: keyof PgBoss.JobStates;
        retry_count: number;
        started_on: Date | null;
        output: unknown;
      }>`
        select state, retry_count, started_on, output from ${jobTable} where id = ${id}
        union all
        select state, retry_count, started_on, output from ${sql.table(`${schema}.archive`)} where id = ${id}
        limit 1`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const state = PG_BOSS_STATES[row.state];
      return {
        state,
        // pg-boss counts retries, and only from the second fetch on.
        attempts: row.started_on ? row.retry_count + 1 : 0,
        lastError: state === 'done' || row.output == null ? null : failureMessage(row.output),
      };
    },

    /**
     * Creates or checks pg-boss's schema and starts its maintenance, then polls. Jobs whose
     * instance died and whose expiry has passed are retried or failed at once, as the SQLite
     * queue does at start, not at the next maintenance.
     */
    async start() {
      if (started) return;
      await boss.start();
      await boss.expire();
      started = true;
      await runner.start();
    },

    /**
     * Waits for the running jobs (at most `boundMs`), then stops pg-boss's maintenance timer; the
     * pool stays the app's. A job still running then stays active until it expires
     * (JOB_EXPIRE_SECONDS), and another instance retries it.
     */
    async stop(boundMs?: number) {
      await runner.stop(boundMs);
      await boss.stop({ graceful: true, wait: true, close: false });
      started = false;
    },

    async depth() {
      if (!started) return 0;
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${jobTable} where state in ('created', 'retry')`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    idle: () =>
      runner.idle(async () => {
        const names = queueNames();
        // Jobs no handler here would take are not waited for; those running elsewhere are.
        if (names.length === 0) return false;
        const { rows } = await sql`
          select 1 from ${jobTable}
          where name = any(${names})
            and (state = 'active' or (state < 'active' and start_after <= now()))
          limit 1`.execute(db);
        return rows.length > 0;
      }),
  };
}
