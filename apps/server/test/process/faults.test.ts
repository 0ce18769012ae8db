import fs from 'node:fs';
import path from 'node:path';
import type { Package, Profile } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTransactor } from '../../src/lib/transaction';
import { createUploadsRepository } from '../../src/modules/uploads/uploads.repository';
import { createUploadsService } from '../../src/modules/uploads/uploads.service';
import { createLocalDisk } from '../../src/storage/local-disk';
import { createSigner } from '../../src/storage/signer';
import { engine } from '../helper';
import { insertCampaign, insertCreative } from '../rows';
import { eventually, type FaultyServer, faultWorld, HttpSession } from '../support/server-process';
import { banner } from '../uploads/fixtures';

const ADMIN = { email: 'faults@example.com', password: 'kill-dash-nine' };
const FEED_ROWS = 2_000;

let world: Awaited<ReturnType<typeof faultWorld>> | undefined;
let dataDir: string;
let db: Db;
let base: string;
let server: FaultyServer;
let env: Record<string, string>;
const session = new HttpSession();

/** Step 1 of an upload; step 2 is left to the caller (it may be cut mid-way). */
async function sign(contentType: string) {
  const res = await session.fetch(base, '/vapor/signed-storage-url', {
    method: 'POST',
    body: { bucket: '', content_type: contentType, expires: '', visibility: '' },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { key: string; url: string };
}

async function upload(bytes: Buffer, contentType: string) {
  const signed = await sign(contentType);
  const put = await fetch(signed.url, {
    method: 'PUT',
    body: bytes,
    headers: { 'Content-Type': contentType },
  });
  expect(put.status).toBe(200);
  return signed.key;
}

const feed = (label: string) =>
  Buffer.from(
    `Unique_ID,Reporting_Label,Headline\n${Array.from({ length: FEED_ROWS }, (_, i) => `r${i + 1},${label} ${i + 1},${label}`).join('\n')}\n`,
  );

const rulesOf = (profileId: number) =>
  db
    .selectFrom('profile_rules')
    .select(['id', 'unique_id', 'reporting_label'])
    .where('profile_id', '=', profileId)
    .execute();

// kill -9 mid-work, on the engine under test; each fault is one armed place in the code (lib/failpoints.ts).
describe('a server killed mid-work', () => {
  let companyId: number;
  let creativeIds: number[];
  let profileId: number;
  let rulesBefore: Awaited<ReturnType<typeof rulesOf>>;
  let packageKey: string;
  let feedKey: string;
  let packageId: number;
  let cutUpload: string;
  let creativeId: number;

  beforeAll(async () => {
    world = await faultWorld(engine, { name: 'faults', admin: ADMIN, session, failpoints: ['bulk-write'] });
    ({ dataDir, base, env, server, db, companyId } = world);
    const campaignId = await insertCampaign(db, { companyId, name: 'Faults' });
    creativeIds = [];
    for (let i = 0; i < 40; i++) {
      creativeIds.push(
        await insertCreative(db, {
          companyId,
          campaignId,
          name: `C${i}`,
          width: 300,
          height: 250,
          status: 'draft',
        }),
      );
    }
    creativeId = creativeIds[0]!;
  }, 120_000);

  afterAll(() => world?.close(), 60_000);

  it('during a bulk action: after restart, none of it was written', async () => {
    const bulk = session
      .fetch(base, '/v1/creatives/bulk', {
        method: 'POST',
        body: { action: 'status', status: 'testing', ids: creativeIds },
      })
      .catch(() => undefined);
    await server.reached('bulk-write');
    await server.crash();
    await bulk;
    await server.start();
    const statuses = await db
      .selectFrom('creatives')
      .select('status')
      .where('id', 'in', creativeIds)
      .execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['draft']));
    const audit = await db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'creative')
      .where('action', '=', 'status')
      .execute();
    expect(audit).toEqual([]);
  }, 120_000);

  it('prepares a synced feed and two waiting uploads (no fault armed)', async () => {
    const created = await session.fetch(base, '/v1/profiles', {
      method: 'POST',
      body: {
        name: 'Feed',
        source: 'upload',
        key: await upload(feed('First'), 'text/csv'),
        file_name: 'v1.csv',
      },
    });
    expect(created.status).toBe(201);
    profileId = ((await created.json()) as { data: Profile }).data.id;
    await eventually(async () => {
      const res = await session.fetch(base, `/v1/profiles/${profileId}`);
      return ((await res.json()) as { data: Profile }).data.status === 'synced' ? true : undefined;
    }, 'the first sync');
    rulesBefore = await rulesOf(profileId);
    expect(rulesBefore).toHaveLength(FEED_ROWS);
    feedKey = await upload(feed('Second'), 'text/csv');
    packageKey = await upload(banner(), 'application/zip');
    await server.crash();
    await server.start(['package-unpack-between', 'upload-write', 'sync-swap']);
    expect((await session.fetch(base, '/v1/user')).status).toBe(200);
  }, 120_000);

  it('during an unpack, an upload and a sync swap, all at once', async () => {
    const kept = await session.fetch(base, `/v1/creatives/${creativeId}/packages`, {
      method: 'POST',
      body: { key: packageKey, name: 'banner.zip' },
    });
    expect(kept.status, await kept.clone().text()).toBe(201);
    packageId = ((await kept.json()) as { data: Package }).data.id;
    await server.reached('package-unpack-between');

    const signed = await sign('image/png');
    cutUpload = signed.key;
    // Larger than one chunk: the server stops after its first.
    const put = fetch(signed.url, {
      method: 'PUT',
      body: Buffer.alloc(4 * 1024 * 1024),
      headers: { 'Content-Type': 'image/png' },
    }).catch(() => undefined);
    await server.reached('upload-write');

    const profile = (
      (await (await session.fetch(base, `/v1/profiles/${profileId}`)).json()) as { data: Profile }
    ).data;
    const changed = await session.fetch(base, `/v1/profiles/${profileId}`, {
      method: 'PUT',
      body: { source: 'upload', key: feedKey, file_name: 'v2.csv', updated_at: profile.updated_at },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await session.fetch(base, `/v1/profiles/${profileId}/sync`)).status).toBe(200);
    await server.reached('sync-swap');

    await server.crash();
    await put;
    await server.start();
  }, 120_000);

  it('leaves the previous rules, whole, and the sync failed with a message', async () => {
    const profile = await eventually(async () => {
      const res = await session.fetch(base, `/v1/profiles/${profileId}`);
      const found = ((await res.json()) as { data: Profile }).data;
      return found.status === 'syncing' ? undefined : found;
    }, 'the interrupted sync to end');
    expect(profile.status).toBe('failed');
    const syncs = await db
      .selectFrom('profile_syncs')
      .selectAll()
      .where('profile_id', '=', profileId)
      .orderBy('id')
      .execute();
    expect(syncs.at(-1)).toMatchObject({ status: 'failed' });
    expect(syncs.at(-1)!.error).toMatch(/stopped|expired|failed/i);
    expect(await rulesOf(profileId)).toEqual(rulesBefore);
    // No rule of another profile, nor one without a profile, came of it.
    const all = await db.selectFrom('profile_rules').select('profile_id').execute();
    expect(new Set(all.map((r) => r.profile_id))).toEqual(new Set([profileId]));
  }, 120_000);

  it('unpacks the package again, to the end', async () => {
    const pkg = await eventually(async () => {
      const res = await session.fetch(base, `/v1/creatives/${creativeId}/packages`);
      const found = ((await res.json()) as { data: Package[] }).data.find((p) => p.id === packageId);
      return found && ['ready', 'failed'].includes(found.processing) ? found : undefined;
    }, 'the unpack job');
    expect(pkg.processing).toBe('ready');
    expect(pkg.file_count).toBeGreaterThan(1);
    // Only the live attempt's files are left: the killed attempt's are gone, and no `.part`.
    const { files_prefix: live } = await db
      .selectFrom('packages')
      .select('files_prefix')
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow();
    const folder = path.join(dataDir, 'storage', 'packages', String(packageId));
    const files = (fs.readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => fs.statSync(path.join(folder, file)).isFile())
      .sort();
    const attempt = live!.slice(`packages/${packageId}/`.length);
    expect(files).toEqual([`${attempt}index.html`, `${attempt}js/main.js`]);
  }, 120_000);

  it('keeps nothing of the cut upload: not claimable, and swept', async () => {
    const tmp = path.join(dataDir, 'storage', 'tmp');
    const left = fs.readdirSync(tmp).filter((name) => name.startsWith(cutUpload.slice('tmp/'.length)));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((name) => name.endsWith('.part'))).toBe(true);
    const claim = await session.fetch(base, `/v1/creatives/${creativeId}/assets`, {
      method: 'POST',
      body: { key: cutUpload, name: 'cut.png' },
    });
    expect(claim.status).toBe(422);

    // The hourly sweep, a day later.
    const uploads = createUploadsService({
      transaction: createTransactor(db),
      uploads: createUploadsRepository(db),
      store: createLocalDisk(path.join(dataDir, 'storage')),
      signer: createSigner(env.APP_KEY!),
      appUrl: base,
      maxUploadBytes: 1024 * 1024,
    });
    await uploads.sweep(Date.now() + 25 * 3_600_000);
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith(cutUpload.slice('tmp/'.length)))).toEqual([]);
  }, 60_000);

  it("during a first sync's commit (every rule written, on PostgreSQL straight into the rules): none is left", async () => {
    const key = await upload(feed('New'), 'text/csv');
    await server.crash();
    await server.start(['sync-swap']);
    const created = await session.fetch(base, '/v1/profiles', {
      method: 'POST',
      body: { name: 'First sync', source: 'upload', key, file_name: 'new.csv' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = ((await created.json()) as { data: Profile }).data.id;
    await server.reached('sync-swap');
    await server.crash();
    await server.start();

    const profile = await eventually(async () => {
      const res = await session.fetch(base, `/v1/profiles/${id}`);
      const found = ((await res.json()) as { data: Profile }).data;
      return found.status === 'syncing' ? undefined : found;
    }, 'the interrupted first sync to end');
    expect([profile.status, profile.rows_active]).toEqual(['failed', 0]);
    const left = await db.selectFrom('profile_rules').select('id').where('profile_id', '=', id).execute();
    expect(left).toEqual([]);
    expect(await rulesOf(profileId)).toEqual(rulesBefore);
  }, 120_000);
});
