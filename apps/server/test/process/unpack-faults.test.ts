import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Package } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import type { Failpoint } from '../../src/lib/failpoints';
import { createPackageLinks, type PackageLinks } from '../../src/modules/packages/package-links';
import { createRenderTargets, type RenderTargets } from '../../src/modules/render/render-links';
import { createSigner } from '../../src/storage/signer';
import { engine } from '../helper';
import { insertCreativeOfCampaign } from '../rows';
import { eventually, type FaultyServer, faultWorld, HttpSession } from '../support/server-process';
import { zip } from '../uploads/fixtures';

const ADMIN = { email: 'unpack-faults@example.com', password: 'kill-dash-nine' };

/** In path order, as they are unpacked; the last is larger than a read, so a kill lands inside it. */
const FILES: Record<string, string> = {
  'a.js': 'var clickTag = "https://example.com";',
  'img/my banner.png': 'not really a png',
  'index.html': '<html><head><meta name="ad.size" content="width=300,height=250"></head><body></body></html>',
  'z/large.bin': randomBytes(200_000).toString('hex'),
};
const WHOLE = Object.entries(FILES)
  .map(([name, data]) => `${name}:${Buffer.byteLength(data)}`)
  .sort();

/** Each step of an unpack a kill -9 lands in, and how many files were recorded by then. */
const FAULTS: { failpoint: Failpoint; where: string; recorded: number }[] = [
  { failpoint: 'package-unpack-file', where: 'during its last file', recorded: 3 },
  { failpoint: 'package-unpack-between', where: 'between two files', recorded: 1 },
  {
    failpoint: 'package-unpack-ready',
    where: 'with every file recorded, before the status write',
    recorded: 4,
  },
];

let world: Awaited<ReturnType<typeof faultWorld>> | undefined;
let storage: string;
let db: Db;
let base: string;
let server: FaultyServer;
let creativeId: number;
let links: PackageLinks;
let targets: RenderTargets;
const session = new HttpSession();

async function upload(bytes: Buffer) {
  const res = await session.fetch(base, '/vapor/signed-storage-url', {
    method: 'POST',
    body: { bucket: '', content_type: 'application/zip', expires: '', visibility: '' },
  });
  const signed = (await res.json()) as { key: string; url: string };
  const put = await fetch(signed.url, {
    method: 'PUT',
    body: bytes,
    headers: { 'Content-Type': 'application/zip' },
  });
  expect(put.status).toBe(200);
  return signed.key;
}

const rowOf = (id: number) =>
  db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const recorded = async (prefix: string) =>
  (await db.selectFrom('package_files').select(['path', 'size']).where('prefix', '=', prefix).execute())
    .map((file) => `${file.path}:${file.size}`)
    .sort();

/** Every file under `packages/{id}/` on disk, relative to it. */
const onDisk = (id: number) => {
  const folder = path.join(storage, 'packages', String(id));
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(folder, file)).isFile())
    .sort();
};

/** No package is ready with fewer files recorded than it has. */
async function readyMeansWhole() {
  const ready = await db
    .selectFrom('packages')
    .select(['id', 'file_count', 'files_prefix'])
    .where('processing', '=', 'ready')
    .execute();
  for (const pkg of ready) {
    expect(pkg.files_prefix, `package ${pkg.id}`).not.toBeNull();
    expect(await recorded(pkg.files_prefix!), `package ${pkg.id}`).toHaveLength(pkg.file_count!);
  }
}

const get = (url: string) => fetch(url);

// kill -9 at each step of unpacking a package, on the engine under test (lib/failpoints.ts).
describe('a server killed while unpacking a package', () => {
  beforeAll(async () => {
    world = await faultWorld(engine, {
      name: 'unpack-faults',
      admin: ADMIN,
      session,
      failpoints: [FAULTS[0]!.failpoint],
    });
    ({ base, server, db } = world);
    storage = path.join(world.dataDir, 'storage');
    const { env, companyId } = world;
    // Render links signed as the server signs them.
    const signer = createSigner(env.APP_KEY!);
    links = createPackageLinks(signer, base);
    targets = createRenderTargets(signer, base);
    ({ creativeId } = await insertCreativeOfCampaign(db, { companyId, campaign: 'Unpack faults' }));
  }, 120_000);

  afterAll(() => world?.close(), 60_000);

  for (const [i, { failpoint, where, recorded: recordedBefore }] of FAULTS.entries()) {
    it(`${where}: never ready with part of its files; after restart whole, and nothing else served or kept`, async () => {
      if (i > 0) {
        await server.crash();
        await server.start([failpoint]);
      }
      const created = await session.fetch(base, `/v1/creatives/${creativeId}/packages`, {
        method: 'POST',
        body: { key: await upload(zip(FILES)), name: `${failpoint}.zip` },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const id = ((await created.json()) as { data: Package }).data.id;
      await server.reached(failpoint);

      // Stopped there: the attempt's files are recorded as far as it got, and nothing is live.
      const stopped = await rowOf(id);
      expect(stopped).toMatchObject({ processing: 'unpacking', files_prefix: null });
      const killed = stopped.unpack_prefix!;
      expect(killed).toMatch(new RegExp(`^packages/${id}/[\\w-]+/$`));
      expect(await recorded(killed)).toEqual(WHOLE.slice(0, recordedBefore));
      const attempt = killed.slice(`packages/${id}/`.length);
      if (failpoint === 'package-unpack-file')
        await eventually(
          async () => (onDisk(id).some((file) => file.endsWith('.part')) ? true : undefined),
          'the last file begun',
        );
      for (const file of ['index.html', 'a.js'])
        expect((await get(links.url(id).replace(/index\.html$/, file))).status, file).toBe(404);
      await readyMeansWhole();

      await server.crash();
      // What the kill left: the attempt's files (a `.part` among them when cut inside a file).
      const left = onDisk(id);
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((file) => file.startsWith(attempt))).toBe(true);
      const partial = left.find((file) => file.endsWith('.part'));
      expect(partial !== undefined).toBe(failpoint === 'package-unpack-file');
      if (i === 0) fs.mkdirSync(path.join(storage, 'packages', '987654', 'gone'), { recursive: true });
      if (i === 0) fs.writeFileSync(path.join(storage, 'packages', '987654', 'gone', 'index.html'), 'orphan');

      await server.start();
      const pkg = await eventually(async () => {
        const res = await session.fetch(base, `/v1/creatives/${creativeId}/packages`);
        const found = ((await res.json()) as { data: Package[] }).data.find((p) => p.id === id);
        return found && ['ready', 'failed'].includes(found.processing) ? found : undefined;
      }, 'the unpack job to end');
      expect(pkg).toMatchObject({ processing: 'ready', file_count: 4, processing_error: null });
      await readyMeansWhole();
      const row = await rowOf(id);
      expect(row.unpack_prefix).toBeNull();
      const live = row.files_prefix!;
      expect(live).not.toBe(killed);
      expect(await recorded(live)).toEqual(WHOLE);
      // Every recorded file reads back whole, through the package's preview link.
      for (const [name, data] of Object.entries(FILES)) {
        const res = await get(pkg.preview_url!.replace(/index\.html$/, name.replace(' ', '%20')));
        expect(res.status, name).toBe(200);
        expect(await res.text(), name).toBe(data);
      }
      // Storage holds the live files and nothing else: the killed attempt's are gone, `.part` too.
      const liveFolder = live.slice(`packages/${id}/`.length);
      expect(onDisk(id)).toEqual(
        Object.keys(FILES)
          .map(
            (name) =>
              `${liveFolder}${name.replace('my banner.png', `_${Buffer.from('my banner.png').toString('base64url')}`)}`,
          )
          .sort(),
      );
      expect(
        await db.selectFrom('package_unpacks').select('prefix').where('package_id', '=', id).execute(),
      ).toEqual([]);

      // Only recorded names are served, by both render routes: not a `.part`, not an orphan's
      // path, not a file put beside the live ones.
      const partName = partial?.slice(attempt.length);
      for (const name of ['stray.js', 'index.html.part', ...(partName ? [partName] : [])])
        fs.writeFileSync(path.join(storage, live, name), 'not recorded');
      const approved = await session.fetch(base, `/v1/creatives/${creativeId}/packages/${id}`, {
        method: 'PUT',
        body: { status: 'approved', updated_at: pkg.updated_at },
      });
      expect(approved.status, await approved.clone().text()).toBe(200);
      const rendered = targets.url({ creativeId, packageId: id }, 0, 'index.html');
      expect((await get(rendered)).status).toBe(200);
      const unrecorded = [
        'index.html.part',
        'stray.js',
        `%2E%2E/${attempt}a.js`,
        ...(partName ? [partName, `%2E%2E/${partial}`] : []),
      ];
      for (const file of unrecorded) {
        expect((await get(pkg.preview_url!.replace(/index\.html$/, file))).status, file).toBe(404);
        expect((await get(rendered.replace(/index\.html$/, file))).status, file).toBe(404);
      }
      if (i === 0)
        await eventually(
          async () => (fs.existsSync(path.join(storage, 'packages', '987654')) ? undefined : true),
          "the sweep of a gone package's folder",
        );
    }, 180_000);
  }
});
