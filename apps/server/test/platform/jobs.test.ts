import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { createDb, type Db } from '../../src/db/database';
import { createJobQueue } from '../../src/jobs/job-queue';
import { createPgBossQueue, type PgBossQueueOptions, pgBossSchemaFor } from '../../src/jobs/pg-boss-queue';
import { INTERRUPTED, type JobQueue } from '../../src/jobs/types';
import { createTestDb, engine } from '../helper';

let db: Db;
let database: Config['database'];
let drop: () => Promise<void>;
/** A second pool on the same database: what another server process would have. */
let otherDb: Db | undefined;
const queues: JobQueue[] = [];
/** Run last in afterEach: releases handlers a test left hanging, so their queues can stop. */
const releases: (() => void)[] = [];

beforeAll(async () => {
  ({ db, database, drop } = await createTestDb());
});
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  for (const queue of queues.splice(0)) await queue.stop();
  await db.deleteFrom('jobs').execute();
  if (database.kind === 'postgres') {
    const boss = pgBossSchemaFor(database);
    const installed = await sql<{
      name: string | null;
    }>`select to_regclass(${`${boss}.job`}) as name`.execute(db);
    if (installed.rows[0]?.name)
      await sql`truncate ${sql.table(`${boss}.job`)}, ${sql.table(`${boss}.archive`)}`.execute(db);
  }
});
// The helper's drop also drops the pg-boss schema beside the test schema, whatever failed before.
afterAll(async () => {
  await otherDb?.destroy();
  await drop();
});

/** The database as the first or the second instance reaches it. */
function instanceDb(second: boolean) {
  if (!second) return db;
  otherDb ??= createDb(database);
  return otherDb;
}

interface QueueOptions {
  concurrency?: number;
  /** Runs on its own pool, as a second server process would. */
  second?: boolean;
}

/** Each queue polls often and retries at once, so tests wait on `idle()`, never on time. */
const implementations: { name: string; make: (options: QueueOptions) => JobQueue }[] = [
  {
    name: 'table queue',
    make: ({ second = false, ...options }) =>
      createJobQueue(instanceDb(second), { pollMs: 20, retryDelayMs: 0, ...options }),
  },
];
if (engine === 'postgres') implementations.push({ name: 'pg-boss queue', make: bossQueue });

function bossQueue({ second = false, ...options }: QueueOptions & PgBossQueueOptions) {
  return createPgBossQueue(instanceDb(second), {
    schema: pgBossSchemaFor(database as { schema?: string }),
    pollMs: 20,
    retryDelaySeconds: 0,
    ...options,
  });
}

function track<Q extends JobQueue>(queue: Q) {
  queues.push(queue);
  return queue;
}

/** A handler that waits until the test (or afterEach) releases it; `started` resolves at its first call. */
function hanging() {
  const waiting: (() => void)[] = [];
  let released = false;
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const release = () => {
    released = true;
    for (const done of waiting.splice(0)) done();
  };
  releases.push(release);
  const handler = async () => {
    markStarted();
    if (!released) await new Promise<void>((done) => waiting.push(done));
  };
  return { handler, started, release };
}

describe.each(implementations)('$name', ({ make }) => {
  const queue = (options: QueueOptions = {}) => track(make(options));

  it('runs each queued job once, with its data, and records it done', async () => {
    const q = queue();
    const seen: { id: string; data: unknown; attempt: number }[] = [];
    q.work<{ n: number }>('count', async (job) => {
      seen.push({ id: job.id, data: job.data, attempt: job.attempt });
    });
    await q.start();
    const ids = await Promise.all([1, 2, 3].map((n) => q.send('count', { n })));
    await q.idle();
    expect(seen.map((s) => s.data).sort((a, b) => (a as { n: number }).n - (b as { n: number }).n)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    expect(seen.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(seen.every((s) => s.attempt === 1)).toBe(true);
    for (const id of ids) expect(await q.state(id!)).toEqual({ state: 'done', attempts: 1, lastError: null });
  });

  it('retries a failing job and fails it with the last error when its attempts are used up', async () => {
    const q = queue();
    let calls = 0;
    q.work('flaky', async (job) => {
      calls++;
      if (job.attempt < 2) throw new Error('first try fails');
    });
    const failures: string[] = [];
    q.work(
      'broken',
      async () => {
        throw new Error('always fails');
      },
      { onFailed: async (job, message) => void failures.push(`${job.id} ${job.attempt}: ${message}`) },
    );
    await q.start();
    const flaky = await q.send('flaky', {});
    const broken = await q.send('broken', {}, { maxAttempts: 2 });
    await q.idle();
    expect(calls).toBe(2);
    expect(await q.state(flaky!)).toEqual({ state: 'done', attempts: 2, lastError: null });
    expect(await q.state(broken!)).toEqual({ state: 'failed', attempts: 2, lastError: 'always fails' });
    expect(failures).toEqual([`${broken} 2: always fails`]);
  });

  it('queues one job per singleton key while one is waiting or running, and another after it finished', async () => {
    const q = queue();
    const sync = hanging();
    q.work('sync', sync.handler);
    await q.start();
    const first = await q.send('sync', { profile: 1 }, { singletonKey: 'profile-1' });
    expect(first).not.toBeNull();
    await sync.started;
    expect(await q.state(first!)).toMatchObject({ state: 'active' });
    expect(await q.send('sync', { profile: 1 }, { singletonKey: 'profile-1' })).toBeNull();
    const other = await q.send('sync', { profile: 2 }, { singletonKey: 'profile-2' });
    expect(other).not.toBeNull();
    sync.release();
    await q.idle();
    expect(await q.state(first!)).toMatchObject({ state: 'done' });
    expect(await q.state(other!)).toMatchObject({ state: 'done' });
    expect(await q.send('sync', { profile: 1 }, { singletonKey: 'profile-1' })).not.toBeNull();
  });

  it('runs no more jobs at once than its concurrency', async () => {
    const q = queue({ concurrency: 2 });
    let now = 0;
    let most = 0;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    q.work('slow', async () => {
      most = Math.max(most, ++now);
      // Waits (a while at most) for a second job beside it, so a loaded machine cannot finish each
      // job before the next is claimed: the limit is then what keeps a third one out.
      for (let waited = 0; now < 2 && waited < 1000; waited += 5) await pause();
      await pause();
      now--;
    });
    await q.start();
    const ids: (string | null)[] = [];
    for (let i = 0; i < 6; i++) ids.push(await q.send('slow', { i }));
    await q.idle();
    expect(most).toBe(2);
    const states = await Promise.all(ids.map(async (id) => (await q.state(id!))?.state));
    expect(states).toEqual(Array(6).fill('done'));
  });

  it('takes sends while stopped and runs them once started again', async () => {
    const q = queue();
    const ran: unknown[] = [];
    q.work('later', async (job) => void ran.push(job.data));
    await q.start();
    await q.stop();
    const id = await q.send('later', { n: 1 });
    expect(await q.state(id!)).toMatchObject({ state: 'queued', attempts: 0 });
    await q.start();
    await q.idle();
    expect(ran).toEqual([{ n: 1 }]);
  });

  it('two instances on one database run each of 20 jobs sent through either exactly once', async () => {
    const ran: string[] = [];
    const [a, b] = [queue({ concurrency: 3 }), queue({ concurrency: 3, second: true })];
    for (const q of [a, b])
      q.work('once', async (job) => {
        ran.push(job.id);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
    await a.start();
    await b.start();
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).send('once', { i })));
    await Promise.all([a.idle(), b.idle()]);
    expect(ran).toHaveLength(20);
    expect(new Set(ran)).toEqual(new Set(ids));
  });

  it('two instances hold a singleton key together', async () => {
    const [a, b] = [queue(), queue({ second: true })];
    const sync = hanging();
    a.work('sync', sync.handler);
    b.work('sync', sync.handler);
    await a.start();
    await b.start();
    const sends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).send('sync', { i }, { singletonKey: 'profile-1' }),
      ),
    );
    expect(sends.filter((id) => id !== null)).toHaveLength(1);
    await sync.started;
    expect(await a.send('sync', {}, { singletonKey: 'profile-1' })).toBeNull();
    expect(await b.send('sync', {}, { singletonKey: 'profile-1' })).toBeNull();
    sync.release();
    await Promise.all([a.idle(), b.idle()]);
    expect(await b.send('sync', {}, { singletonKey: 'profile-1' })).not.toBeNull();
  });
});

describe('table queue at start', () => {
  it('runs again what a stopped process left running, or fails it when that was its last attempt', async () => {
    const at = new Date().toISOString();
    const left = (attempts: number) => ({
      name: 'resume',
      data: JSON.stringify({ attempts }),
      singleton_key: null,
      state: 'active' as const,
      attempts,
      max_attempts: 3,
      run_after: at,
      created_at: at,
      started_at: at,
    });
    const rows = await db
      .insertInto('jobs')
      .values([left(1), left(3)])
      .returning('id')
      .execute();
    const [again, last] = rows.map((row) => String(row.id)) as [string, string];
    const q = track(createJobQueue(db, { pollMs: 20, retryDelayMs: 0 }));
    const ran: string[] = [];
    const failures: string[] = [];
    q.work(
      'resume',
      async (job) => {
        ran.push(job.id);
      },
      { onFailed: async (job) => void failures.push(job.id) },
    );
    await q.start();
    await q.idle();
    expect(ran).toEqual([again]);
    expect(await q.state(again)).toEqual({ state: 'done', attempts: 2, lastError: null });
    expect(await q.state(last)).toEqual({ state: 'failed', attempts: 3, lastError: INTERRUPTED });
    expect(failures).toEqual([last]);
  });
});

describe('table queue stopped with a bound (SIGTERM)', () => {
  it('hands back a job still running at the bound, its cut-short attempt not counted, and runs it again', async () => {
    const stuck = hanging();
    const q = track(createJobQueue(db, { pollMs: 20, retryDelayMs: 0 }));
    const attempts: number[] = [];
    q.work('long', async (job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) await stuck.handler();
    });
    await q.start();
    // One attempt only: a stop that counted it would leave the job failed at the next start.
    const id = await q.send('long', {}, { maxAttempts: 1 });
    await stuck.started;
    await q.stop(50);
    expect(await q.state(id!)).toEqual({ state: 'queued', attempts: 0, lastError: INTERRUPTED });
    const next = track(createJobQueue(db, { pollMs: 20, retryDelayMs: 0 }));
    next.work('long', async (job) => void attempts.push(job.attempt));
    await next.start();
    await next.idle();
    expect(attempts).toEqual([1, 1]);
    expect(await next.state(id!)).toEqual({ state: 'done', attempts: 1, lastError: null });
  });
});

describe.runIf(engine === 'postgres')('pg-boss queue across instances', () => {
  /** Jobs expire a second after they start; one of the instances looks every second. */
  const expiring = { expireInSeconds: 1, maintenanceIntervalSeconds: 1 };

  it('retries on another instance a job whose instance died during it', async () => {
    const dead = hanging();
    const a = track(bossQueue({ concurrency: 1, ...expiring }));
    const b = track(bossQueue({ second: true, ...expiring }));
    const runs: string[] = [];
    a.work('feed', async (job) => {
      runs.push(`a${job.attempt}`);
      await dead.handler();
    });
    b.work('feed', async (job) => void runs.push(`b${job.attempt}`));
    await a.start();
    const id = await a.send('feed', {}, { maxAttempts: 2 });
    await dead.started;
    await b.start();
    await b.idle();
    expect(runs).toEqual(['a1', 'b2']);
    expect(await b.state(id!)).toEqual({ state: 'done', attempts: 2, lastError: null });
    // The dead run ending late changes nothing.
    dead.release();
    await a.idle();
    expect(await a.state(id!)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('fails with INTERRUPTED, once, a job whose instance died during its last attempt', async () => {
    const dead = hanging();
    const failures: string[] = [];
    const onFailed = async (job: { id: string; attempt: number }, message: string) =>
      void failures.push(`${job.id} ${job.attempt}: ${message}`);
    const a = track(bossQueue({ concurrency: 1, ...expiring }));
    const b = track(bossQueue({ second: true, ...expiring }));
    a.work('feed', dead.handler, { onFailed });
    b.work('feed', async () => {}, { onFailed });
    await a.start();
    const id = await a.send('feed', {}, { maxAttempts: 1 });
    await dead.started;
    await b.start();
    await b.idle();
    expect(failures).toEqual([`${id} 1: ${INTERRUPTED}`]);
    expect(await b.state(id!)).toEqual({ state: 'failed', attempts: 1, lastError: INTERRUPTED });
  });

  it('runs onFailed exactly once for each job that used its attempts, whichever instance ran them', async () => {
    const failures: string[] = [];
    const a = track(bossQueue({ concurrency: 3 }));
    const b = track(bossQueue({ concurrency: 3, second: true }));
    for (const q of [a, b])
      q.work(
        'broken',
        async () => {
          throw new Error('always fails');
        },
        { onFailed: async (job) => void failures.push(job.id) },
      );
    await a.start();
    await b.start();
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).send('broken', { i }, { maxAttempts: 2 })),
    );
    await Promise.all([a.idle(), b.idle()]);
    expect(failures.sort()).toEqual([...ids].sort());
  });
});
