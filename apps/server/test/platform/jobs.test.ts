import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createJobQueue, INTERRUPTED, type JobQueue } from '../../src/jobs/job-queue';
import { createTestDb } from '../helper';

let db: Db;
let drop: () => Promise<void>;
const queues: JobQueue[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await db.deleteFrom('jobs').execute();
});
afterAll(() => drop());

/** A queue that polls often and retries at once, so tests wait on `idle()`, never on time. */
function queue(options: Parameters<typeof createJobQueue>[1] = {}) {
  const q = createJobQueue(db, { pollMs: 20, retryDelayMs: 0, ...options });
  queues.push(q);
  return q;
}

describe('job queue', () => {
  it('runs each queued job once, with its data, and records it done', async () => {
    const q = queue();
    const seen: { id: number; data: unknown; attempt: number }[] = [];
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
      { onFailed: async (job, message) => void failures.push(`${job.attempt}: ${message}`) },
    );
    await q.start();
    const flaky = await q.send('flaky', {});
    const broken = await q.send('broken', {}, { maxAttempts: 2 });
    await q.idle();
    expect(calls).toBe(2);
    expect(await q.state(flaky!)).toEqual({ state: 'done', attempts: 2, lastError: null });
    expect(await q.state(broken!)).toEqual({ state: 'failed', attempts: 2, lastError: 'always fails' });
    expect(failures).toEqual(['2: always fails']);
  });

  it('queues one job per singleton key while one is waiting or running, and another after it finished', async () => {
    const q = queue();
    // Jobs wait until released; once released, later ones do not wait.
    const waiting: (() => void)[] = [];
    let released = false;
    const release = () => {
      released = true;
      for (const done of waiting.splice(0)) done();
    };
    const started = new Promise<void>((resolve) => {
      q.work('sync', async () => {
        resolve();
        if (!released) await new Promise<void>((done) => waiting.push(done));
      });
    });
    await q.start();
    const first = await q.send('sync', { profile: 1 }, { singletonKey: 'profile-1' });
    expect(first).not.toBeNull();
    await started;
    expect(await q.send('sync', { profile: 1 }, { singletonKey: 'profile-1' })).toBeNull();
    expect(await q.send('sync', { profile: 2 }, { singletonKey: 'profile-2' })).not.toBeNull();
    release();
    await q.idle();
    expect(await q.state(first!)).toMatchObject({ state: 'done' });
    expect(await q.send('sync', { profile: 1 }, { singletonKey: 'profile-1' })).not.toBeNull();
  });

  it('runs no more jobs at once than its concurrency', async () => {
    const q = queue({ concurrency: 2 });
    let now = 0;
    let most = 0;
    q.work('slow', async () => {
      most = Math.max(most, ++now);
      await new Promise((resolve) => setTimeout(resolve, 5));
      now--;
    });
    await q.start();
    for (let i = 0; i < 6; i++) await q.send('slow', { i });
    await q.idle();
    expect(most).toBe(2);
    const done = await db.selectFrom('jobs').select('state').execute();
    expect(done.map((row) => row.state)).toEqual(Array(6).fill('done'));
  });

  it('at start, runs again what a stopped process left running, or fails it when that was its last attempt', async () => {
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
    const [again, last] = rows.map((row) => Number(row.id)) as [number, number];
    const q = queue();
    const ran: number[] = [];
    const failures: number[] = [];
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

  it('two queues on one database never run the same job twice', async () => {
    const ran: number[] = [];
    const [a, b] = [queue({ concurrency: 3 }), queue({ concurrency: 3 })];
    for (const q of [a, b])
      q.work('once', async (job) => {
        ran.push(job.id);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
    await a.start();
    await b.start();
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).send('once', { i })));
    await Promise.all([a.idle(), b.idle()]);
    expect(ran).toHaveLength(20);
    expect(new Set(ran).size).toBe(20);
  });
});
