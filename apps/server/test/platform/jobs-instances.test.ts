import type { Package, Profile, ProfileRule } from '@adstudio/contract';
import { SYNC_FAILED } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { pgBossSchemaFor } from '../../src/jobs/pg-boss-queue';
import { INTERRUPTED } from '../../src/jobs/types';
import { UNPACK_JOB } from '../../src/modules/packages/packages.service';
import { SYNC_JOB } from '../../src/modules/profiles/profile-syncs.service';
import { buildTestApp, type Client, engine, secondInstance, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';
import { banner } from '../uploads/fixtures';
import { uploadHelpers } from '../uploads/upload-helpers';

/** Several server instances on one PostgreSQL database share pg-boss's queue (docs/design.md §8). */
describe.runIf(engine === 'postgres')('jobs across server instances', () => {
  let t: TestApp;
  /** A second server on the same database, as another process would be. */
  let second: Awaited<ReturnType<typeof secondInstance>>;
  let other: App;
  let editor: Client;
  const { upload } = uploadHelpers(
    () => t,
    () => editor,
  );

  beforeAll(async () => {
    t = await buildTestApp();
    second = await secondInstance(t);
    other = second.app;
    editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles', 'edit assets'] }));
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const jobTable = () => sql.table(`${pgBossSchemaFor(t.config.database as { schema?: string })}.job`);
  const idle = () => Promise.all([t.app.jobs.idle(), other.jobs.idle()]);

  const feed = (n: number) =>
    Buffer.from(
      ['Unique_ID,Reporting_Label', ...Array.from({ length: n }, (_, i) => `r${i + 1},Offer ${i + 1}`)].join(
        '\n',
      ),
    );

  async function createProfile(rows: number): Promise<number> {
    const signed = await upload(feed(rows), 'text/csv');
    const res = await editor.post('/v1/profiles', {
      name: `Feed ${Math.random().toString(36).slice(2, 8)}`,
      source: 'upload',
      key: signed.key,
      file_name: 'feed.csv',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as Profile).id;
  }

  /** What an instance that took the job an hour ago and was killed leaves behind: the job active long past its expiry. */
  async function killedDuring(jobName: string) {
    await sql`
      update ${jobTable()} set state = 'active', started_on = now() - interval '1 hour'
      where name = ${jobName} and state = 'created'`.execute(t.db);
  }

  /** Stops both instances' workers while `act` queues jobs; they stay queued until `restart`. */
  async function withWorkersStopped(act: () => Promise<void>) {
    await Promise.all([t.app.jobs.stop(), other.jobs.stop()]);
    try {
      await act();
    } catch (error) {
      await Promise.all([t.app.jobs.start(), other.jobs.start()]);
      throw error;
    }
  }

  async function restart() {
    await t.app.jobs.start();
    await t.app.jobs.idle();
    await other.jobs.start();
  }

  const profileOf = async (id: number) => (await editor.get(`/v1/profiles/${id}`)).json().data as Profile;
  const rulesOf = async (id: number) =>
    (await editor.get(`/v1/profiles/${id}/rules?items-per-page=-1`)).json().data as ProfileRule[];

  it('runs each feed sync started on one instance once, on either', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createProfile(n)));
    await idle();
    for (const id of ids) expect(await profileOf(id)).toMatchObject({ status: 'synced' });
    const { rows } = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from ${jobTable()} where name = ${SYNC_JOB}`.execute(t.db);
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((row) => row.state === 'completed' && row.retry_count === 0)).toBe(true);
  });

  it('fails with a message, after a restart, a feed sync whose instance died during it, and keeps the previous rules', async () => {
    const id = await createProfile(4);
    await idle();
    const rules = await rulesOf(id);
    await withWorkersStopped(async () => {
      const signed = await upload(feed(2), 'text/csv');
      const put = await editor.put(`/v1/profiles/${id}`, {
        source: 'upload',
        key: signed.key,
        file_name: 'feed.csv',
        updated_at: (await profileOf(id)).updated_at,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await editor.get(`/v1/profiles/${id}/sync`)).statusCode).toBe(200);
      await killedDuring(SYNC_JOB);
    });
    await restart();
    const after = await profileOf(id);
    expect(after.status).toBe('failed');
    expect(after.sync_error).toContain(SYNC_FAILED);
    expect(after.sync_error).toContain(INTERRUPTED);
    expect(await rulesOf(id)).toEqual(rules);
  });

  it('retries, after a restart, a package unpack whose instance died during it', async () => {
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Jobs' });
    const creativeId = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'MPU',
      width: 300,
      height: 250,
    });
    let queued: Package | undefined;
    await withWorkersStopped(async () => {
      const signed = await upload(banner(), 'application/zip');
      const res = await editor.post(`/v1/creatives/${creativeId}/packages`, {
        key: signed.key,
        name: 'b.zip',
      });
      expect(res.statusCode, res.body).toBe(201);
      queued = res.json().data as Package;
      await killedDuring(UNPACK_JOB);
    });
    await restart();
    // The retry waits its delay (2 s, then longer), as after any failed attempt.
    const processing = async () => {
      await t.app.jobs.idle();
      const res = await editor.get(`/v1/creatives/${creativeId}/packages`);
      return (res.json().data as Package[]).find((p) => p.id === queued?.id)?.processing;
    };
    await expect.poll(processing, { timeout: 10_000, interval: 200 }).toBe('ready');
    const { rows } = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from ${jobTable()} where name = ${UNPACK_JOB}`.execute(t.db);
    expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  });
});
