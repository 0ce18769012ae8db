import type { Profile } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations';
import { randomToken } from '../../src/lib/tokens';
import { engine } from '../helper';
import { insertCampaign, insertCreative } from '../rows';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import {
  eventually,
  freePort,
  HttpSession,
  runServer,
  type ServerProcess,
  throwawayDatabase,
  waitUntilUp,
} from '../support/server-process';
import { png } from '../uploads/fixtures';

const ADMIN = { email: 'ops@example.com', password: 'several-instances' };
const LOGIN_MAX_ATTEMPTS = 4;

interface Instance {
  url: string;
  server: ServerProcess;
}

let s3: S3TestServer;
let database: Awaited<ReturnType<typeof throwawayDatabase>>;
let db: Db;
let a: Instance;
let b: Instance;
const session = new HttpSession();

/** One instance of the product as a deployment runs it: its own port and folder, the shared rest. */
async function start(shared: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = runServer({
    ...shared,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    // Nothing an instance keeps on its own disk may matter: each gets a folder of its own.
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/adstudio-instance-${port}`,
  });
  return { url, server };
}

/** Steps 1 and 2 of an upload: signed by `instance`, PUT straight to the bucket. */
async function upload(instance: Instance, bytes: Buffer, contentType: string) {
  const signed = await session.fetch(instance.url, '/vapor/signed-storage-url', {
    method: 'POST',
    body: { bucket: '', content_type: contentType, expires: '', visibility: '' },
  });
  expect(signed.status).toBe(201);
  const { key, url, headers } = (await signed.json()) as {
    key: string;
    url: string;
    headers: Record<string, string>;
  };
  const { Host: _host, ...sent } = headers;
  const put = await fetch(url, { method: 'PUT', body: bytes, headers: sent });
  expect(put.status).toBe(200);
  return key;
}

// Several instances share PostgreSQL (SQLite is one instance by nature).
describe.skipIf(engine !== 'postgres')('two instances on one PostgreSQL and one S3', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    database = await throwawayDatabase(process.env.TEST_DATABASE_URL!);
    db = createDb({ kind: 'postgres', url: database.url });
    const shared = {
      ...s3.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      APP_KEY: randomToken(32),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      SCHEDULE_TICK_SECONDS: '1',
      LOGIN_MAX_ATTEMPTS: String(LOGIN_MAX_ATTEMPTS),
    };
    // Both start at once on the empty database: migrations and the first admin race.
    [a, b] = await Promise.all([start(shared), start(shared)]);
    const up = await Promise.all([a, b].map((i) => waitUntilUp(`${i.url}/readyz`, i.server, 90_000)));
    expect(up, JSON.stringify([a.server.output().stderr, b.server.output().stderr])).toEqual([true, true]);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.server.child.kill('SIGKILL');
    await Promise.all([a, b].map((i) => i?.server.exited));
    await db?.destroy();
    await database?.drop();
    await s3?.stop();
  }, 60_000);

  it('start together on an empty database: migrated once, prepared once', async () => {
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    expect(Number((applied as { n: number }).n)).toBe(Object.keys(migrations).length);
    const users = await db.selectFrom('users').select(['email']).execute();
    expect(users).toEqual([{ email: ADMIN.email }]);
    expect(await db.selectFrom('companies').select('id').execute()).toHaveLength(1);
  });

  it('share sessions: signed in on one, known on the other, signed out everywhere', async () => {
    const signIn = await session.signIn(a.url, ADMIN.email, ADMIN.password);
    expect(signIn.status).toBe(200);
    const onB = await session.fetch(b.url, '/v1/user');
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { email: string } }).data.email).toBe(ADMIN.email);

    const other = new HttpSession();
    await other.signIn(b.url, ADMIN.email, ADMIN.password);
    expect((await other.fetch(a.url, '/v1/user')).status).toBe(200);
    expect((await other.fetch(a.url, '/logout', { method: 'POST' })).status).toBeLessThan(400);
    expect((await other.fetch(b.url, '/v1/user')).status).toBe(401);
  });

  it('follow a deactivation at once: invited and joined on one, their session and token stop on the other', async () => {
    const invited = await session.fetch(a.url, '/v1/users/invitations', {
      method: 'POST',
      body: { email: 'colleague@example.com', name: 'Colleague', permissions: ['edit campaigns'] },
    });
    expect(invited.status).toBe(201);
    const { id, invitation_url } = (
      (await invited.json()) as { data: { id: number; invitation_url: string } }
    ).data;
    const colleague = new HttpSession();
    await colleague.fetch(b.url, '/sanctum/csrf-cookie');
    const password = 'colleague password';
    const joined = await colleague.fetch(b.url, '/auth/invitation', {
      method: 'POST',
      body: { token: invitation_url.split('/').pop(), password, password_confirmation: password },
    });
    expect(joined.status).toBe(200);
    const made = await colleague.fetch(b.url, '/v1/user/tokens', {
      method: 'POST',
      body: { name: 'Script', abilities: ['read'] },
    });
    const { token } = ((await made.json()) as { data: { token: string } }).data;
    const bearer = () => fetch(`${a.url}/v1/campaigns`, { headers: { authorization: `Bearer ${token}` } });
    expect((await colleague.fetch(a.url, '/v1/campaigns')).status).toBe(200);
    expect((await bearer()).status).toBe(200);

    expect((await session.fetch(b.url, `/v1/users/${id}/deactivate`, { method: 'POST' })).status).toBe(200);
    expect((await colleague.fetch(a.url, '/v1/campaigns')).status).toBe(401);
    expect((await colleague.fetch(b.url, '/v1/campaigns')).status).toBe(401);
    expect((await bearer()).status).toBe(401);
  });

  it('claim through one an upload signed by the other', async () => {
    const company = (await db.selectFrom('companies').select('id').executeTakeFirstOrThrow()).id;
    const campaignId = await insertCampaign(db, { companyId: company, name: 'Instances' });
    const creativeId = await insertCreative(db, {
      companyId: company,
      campaignId,
      name: 'MPU',
      width: 300,
      height: 250,
    });
    const key = await upload(a, png(), 'image/png');
    const claimed = await session.fetch(b.url, `/v1/creatives/${creativeId}/assets`, {
      method: 'POST',
      body: { key, name: 'banner.png' },
    });
    expect(claimed.status, await claimed.clone().text()).toBe(201);
    // Claimed once: the same upload through the first instance is refused.
    const again = await session.fetch(a.url, `/v1/creatives/${creativeId}/assets`, {
      method: 'POST',
      body: { key, name: 'banner.png' },
    });
    expect(again.status).toBe(422);
  });

  it('run a feed sync started on one once, its progress readable from both', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `r${i + 1},Offer ${i + 1},Headline ${i + 1}`);
    const key = await upload(
      a,
      Buffer.from(`Unique_ID,Reporting_Label,Headline\n${rows.join('\n')}\n`),
      'text/csv',
    );
    const created = await session.fetch(a.url, '/v1/profiles', {
      method: 'POST',
      body: { name: 'Shared feed', source: 'upload', key, file_name: 'feed.csv' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = ((await created.json()) as { data: Profile }).data;

    const readOn = async (instance: Instance) =>
      ((await (await session.fetch(instance.url, `/v1/profiles/${id}`)).json()) as { data: Profile }).data;
    const synced = await eventually(async () => {
      const profile = await readOn(b);
      return profile.status === 'synced' ? profile : undefined;
    }, 'the sync');
    expect(await readOn(a)).toMatchObject({ status: 'synced', updated_at: synced.updated_at });

    const syncs = await db.selectFrom('profile_syncs').selectAll().where('profile_id', '=', id).execute();
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toMatchObject({ status: 'synced' });
    const rules = await db
      .selectFrom('profile_rules')
      .select(sql<number>`count(*)`.as('n'))
      .where('profile_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(rules.n)).toBe(300);
    // pg-boss's own record (jobs/pg-boss-queue.ts keeps our data under `data`): one job, completed once.
    const jobs = await sql<{ state: string; n: number }>`
      select state, count(*)::int as n
      from (select state, data from pgboss.job union all select state, data from pgboss.archive) as j
      where j.data->'data'->>'syncId' = ${String(syncs[0]!.id)}
      group by state`.execute(db);
    expect(jobs.rows).toEqual([{ state: 'completed', n: 1 }]);
  });

  it('run a due scheduled sync once, though both look for it every second', async () => {
    const profile = await db
      .selectFrom('profiles')
      .select(['id'])
      .where('name', '=', 'Shared feed')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('profiles')
      .set({ schedule: 'hourly', next_sync_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', profile.id)
      .execute();
    const scheduled = () =>
      db
        .selectFrom('profile_syncs')
        .selectAll()
        .where('profile_id', '=', profile.id)
        .where('trigger', '=', 'schedule')
        .execute();
    await eventually(async () => {
      const found = await scheduled();
      return found.length > 0 && found.every((s) => s.status !== 'syncing') ? found : undefined;
    }, 'the scheduled sync');
    // Both instances have looked again since (their tick is one second): still one run.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await scheduled()).toHaveLength(1);
    const next = await db
      .selectFrom('profiles')
      .select('next_sync_at')
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(new Date(next.next_sync_at!).getTime()).toBeGreaterThan(Date.now());
  });

  it('count failed sign-ins across both instances', async () => {
    const guest = new HttpSession();
    for (const instance of [a, b, a, b]) {
      const res = await guest.signIn(instance.url, ADMIN.email, 'not the password');
      expect(res.status).toBe(422);
    }
    // The limit is reached though each instance saw only half of the attempts.
    const refused = await guest.signIn(b.url, ADMIN.email, ADMIN.password);
    expect(refused.status).toBe(429);
    expect((await guest.signIn(a.url, ADMIN.email, ADMIN.password)).status).toBe(429);
  });
});
