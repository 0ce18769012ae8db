import fs from 'node:fs';
import type { Package } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactor } from '../../src/lib/transaction';
import { createPackageUnpack } from '../../src/modules/packages/package-unpack';
import { createPackagesRepository } from '../../src/modules/packages/packages.repository';
import { packageFileKey } from '../../src/storage/package-files';
import { inspectPackage, unpackPackage } from '../../src/storage/package-zip';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';
import { insertCreativeOfCampaign, insertPackage } from '../rows';
import { zip } from '../uploads/fixtures';
import { uploadHelpers } from '../uploads/upload-helpers';

let t: TestApp;
let producer: Client;
let creativeId: number;

const INDEX = '<html><head><meta name="ad.size" content="width=300,height=250"></head></html>';
const MAIN = 'var clickTag = "https://example.com";';
const banner = () => zip({ 'index.html': INDEX, 'js/main.js': MAIN, 'img/my banner.png': 'png' });

beforeAll(async () => {
  t = await buildTestApp();
  producer = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
  ({ creativeId } = await insertCreativeOfCampaign(t.db, { companyId: t.companyId, campaign: 'Unpacking' }));
});
afterAll(() => t.close());

const { upload } = uploadHelpers(
  () => t,
  () => producer,
);

const rowOf = (id: number) =>
  t.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const recorded = async (prefix: string) =>
  (await t.db.selectFrom('package_files').select(['path', 'size']).where('prefix', '=', prefix).execute())
    .map((file) => `${file.path}:${file.size}`)
    .sort();
const attempts = (id: number) =>
  t.db.selectFrom('package_unpacks').select('prefix').where('package_id', '=', id).execute();
const exists = (key: string) => fs.existsSync(diskOf(t.app).pathOf(key));

async function packageNow(id: number): Promise<Package> {
  const res = await producer.get(`/v1/creatives/${creativeId}/packages`);
  return (res.json().data as Package[]).find((p) => p.id === id)!;
}

/** GETs `file` of the package through its signed preview URL. */
async function render(pkg: Package, file: string) {
  const url = pkg.preview_url!.replace(t.config.appUrl, '').replace(/index\.html$/, file);
  return t.app.inject({ method: 'GET', url });
}

/** A package uploaded and kept, its unpack job queued but not run (the queue is stopped). */
async function queuedPackage(bytes = banner()) {
  const signed = await upload(bytes, 'application/zip');
  await t.app.jobs.stop();
  const res = await producer.post(`/v1/creatives/${creativeId}/packages`, { key: signed.key, name: 'b.zip' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as Package).id;
}

/**
 * A package as an install before recorded files has it: ready, `files_prefix` null, its zip kept
 * and `files` straight under `packages/{id}/`.
 */
async function legacyPackage(files: Record<string, string>, findings = '[]') {
  const zipKey = `package-zips/${t.companyId}/${creativeId}/legacy-${Math.random()}.zip`;
  await diskOf(t.app).writeBytes(zipKey, banner());
  const id = await insertPackage(t.db, {
    companyId: t.companyId,
    creativeId,
    version: 100 + Math.floor(Math.random() * 100_000),
    original_name: 'legacy.zip',
    storage_key: zipKey,
    status: 'approved',
    file_count: 3,
    unpacked_size: INDEX.length + MAIN.length + 3,
    findings,
  });
  for (const [name, data] of Object.entries(files))
    await diskOf(t.app).writeBytes(packageFileKey(`packages/${id}/`, name), Buffer.from(data));
  return id;
}

describe('unpacking', () => {
  it('records every file of the live attempt and serves those only', async () => {
    const id = await queuedPackage();
    await t.app.jobs.start();
    await t.app.jobs.idle();
    const row = await rowOf(id);
    expect(row).toMatchObject({ processing: 'ready', unpack_prefix: null });
    expect(row.files_prefix).toMatch(new RegExp(`^packages/${id}/[\\w-]{12}/$`));
    expect(await recorded(row.files_prefix!)).toEqual([
      'img/my banner.png:3',
      `index.html:${INDEX.length}`,
      `js/main.js:${MAIN.length}`,
    ]);
    expect(await attempts(id)).toEqual([]);
    const pkg = await packageNow(id);
    expect((await render(pkg, 'img/my%20banner.png')).body).toBe('png');
    // Beside the live files in storage, but not recorded: never served.
    await diskOf(t.app).writeBytes(`${row.files_prefix}index.html.1.2.part`, Buffer.from('half'));
    await diskOf(t.app).writeBytes(`${row.files_prefix}extra.js`, Buffer.from('stray'));
    for (const file of ['index.html.1.2.part', 'index.html.part', 'extra.js'])
      expect((await render(pkg, file)).statusCode, file).toBe(404);
  });

  it('starts by removing what earlier attempts left, and publishes nothing when taken over', async () => {
    const id = await queuedPackage();
    const dead = `packages/${id}/dead/`;
    await diskOf(t.app).writeBytes(`${dead}index.html`, Buffer.from('old'));
    await t.db
      .insertInto('package_unpacks')
      .values({ prefix: dead, package_id: id, started_at: 'x' })
      .execute();
    await t.db.insertInto('package_files').values({ prefix: dead, path: 'index.html', size: 3 }).execute();

    // An attempt that another one takes over (this one outlived its job's expiry) after its first file.
    const store = t.app.storage.store;
    let ownPrefix = '';
    const unpack = createPackageUnpack({
      packages: createPackagesRepository(t.db),
      refs: { creative: async () => ({ id: creativeId, width: 300, height: 250, deleted_at: null }) },
      files: {
        ...store,
        write: async (key, body, size) => {
          const written = await store.write(key, body, size);
          ownPrefix ||= `${key.split('/').slice(0, 3).join('/')}/`;
          await t.db
            .updateTable('packages')
            .set({ unpack_prefix: `packages/${id}/other/` })
            .where('id', '=', id)
            .execute();
          return written;
        },
      },
      zip: { inspect: inspectPackage, unpack: unpackPackage },
      queueUnpack: async () => undefined,
      transaction: createTransactor(t.db),
    });
    await unpack.unpack(id);
    expect(ownPrefix).toMatch(new RegExp(`^packages/${id}/[\\w-]{12}/$`));
    expect(exists(`${dead}index.html`)).toBe(false);
    expect(exists(ownPrefix.slice(0, -1))).toBe(false);
    expect(await recorded(dead)).toEqual([]);
    expect(await recorded(ownPrefix)).toEqual([]);
    expect((await attempts(id)).map((a) => a.prefix)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ processing: 'unpacking', files_prefix: null });

    // The queued job, run now, is an attempt of its own: it takes over again and finishes.
    await t.app.jobs.start();
    await t.app.jobs.idle();
    const row = await rowOf(id);
    expect(row.processing).toBe('ready');
    expect(await recorded(row.files_prefix!)).toHaveLength(3);
  });

  it('fails a package whose last attempt died, removing what it left, but never one that is ready', async () => {
    const id = await queuedPackage();
    const dead = `packages/${id}/dead/`;
    await t.db
      .updateTable('packages')
      .set({ processing: 'unpacking', unpack_prefix: dead })
      .where('id', '=', id)
      .execute();
    await t.db
      .insertInto('package_unpacks')
      .values({ prefix: dead, package_id: id, started_at: 'x' })
      .execute();
    await diskOf(t.app).writeBytes(`${dead}index.html`, Buffer.from('half'));
    await t.app.services.packageUnpack.unpackFailed(id, 'The server stopped while this job was running.');
    expect(await rowOf(id)).toMatchObject({ processing: 'failed', unpack_prefix: null, files_prefix: null });
    expect((await rowOf(id)).processing_error).toMatch(/could not be unpacked.*stopped/);
    expect(exists(`${dead}index.html`)).toBe(false);
    expect(await attempts(id)).toEqual([]);

    // Its job ran to the end before the process died: the failure that follows changes nothing.
    const ready = await queuedPackage();
    await t.app.jobs.start();
    await t.app.jobs.idle();
    const before = await rowOf(ready);
    await t.app.services.packageUnpack.unpackFailed(ready, 'The server stopped while this job was running.');
    expect(await rowOf(ready)).toEqual(before);
    expect(exists(`${before.files_prefix}index.html`)).toBe(true);
  });

  it('records a legacy package as it is on disk, without the `.part` of a killed write', async () => {
    const id = await legacyPackage({
      'index.html': INDEX,
      'js/main.js': MAIN,
      'img/my banner.png': 'png',
      'js/main.js.4242.1700000000000.part': 'var',
    });
    expect((await render(await packageNow(id), 'index.html')).statusCode).toBe(404);
    expect(await t.app.services.packageUnpack.sweep()).toMatchObject({ adopted: 1, requeued: 0 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ processing: 'ready', files_prefix: `packages/${id}/` });
    expect(await recorded(`packages/${id}/`)).toEqual([
      'img/my banner.png:3',
      `index.html:${INDEX.length}`,
      `js/main.js:${MAIN.length}`,
    ]);
    expect(exists(`packages/${id}/js/main.js.4242.1700000000000.part`)).toBe(false);
    const pkg = await packageNow(id);
    expect((await render(pkg, 'index.html')).body).toBe(INDEX);
    expect((await render(pkg, 'img/my%20banner.png')).body).toBe('png');
    expect((await render(pkg, 'js/main.js.4242.1700000000000.part')).statusCode).toBe(404);
    // Once recorded, a legacy package is left alone.
    expect(await t.app.services.packageUnpack.sweep()).toMatchObject({ adopted: 0, requeued: 0 });
  });

  it('unpacks a legacy package again from its zip when its files on disk are not all there', async () => {
    const id = await legacyPackage({ 'index.html': INDEX, 'js/main.js.4242.1700000000000.part': 'var' });
    expect(await t.app.services.packageUnpack.sweep()).toMatchObject({ adopted: 0, requeued: 1 });
    await t.app.jobs.idle();
    const row = await rowOf(id);
    expect(row.processing).toBe('ready');
    expect(row.files_prefix).toMatch(new RegExp(`^packages/${id}/[\\w-]{12}/$`));
    expect(await recorded(row.files_prefix!)).toHaveLength(3);
    expect(exists(`packages/${id}/index.html`)).toBe(false);
    expect(exists(`packages/${id}/js/main.js.4242.1700000000000.part`)).toBe(false);
    expect((await render(await packageNow(id), 'js/main.js')).body).toBe(MAIN);
  });

  it("records none of a refused legacy package's files, and removes what is there", async () => {
    const id = await legacyPackage(
      { 'index.html': INDEX },
      JSON.stringify([{ severity: 'error', code: 'zip-slip', message: 'Out.' }]),
    );
    expect(await t.app.services.packageUnpack.sweep()).toMatchObject({ adopted: 1 });
    expect(await rowOf(id)).toMatchObject({ processing: 'ready', files_prefix: `packages/${id}/` });
    expect(await recorded(`packages/${id}/`)).toEqual([]);
    expect(exists(`packages/${id}/index.html`)).toBe(false);
  });

  it('sweeps dead attempts and folders of packages that are gone, never a running attempt', async () => {
    const id = await queuedPackage();
    await t.app.jobs.start();
    await t.app.jobs.idle();
    const { files_prefix: live } = await rowOf(id);
    const disk = diskOf(t.app);
    const dead = `packages/${id}/dead/`;
    const gone = 'packages/987654/crashed/';
    for (const prefix of [dead, gone]) {
      await disk.writeBytes(`${prefix}index.html`, Buffer.from('orphan'));
      await t.db
        .insertInto('package_unpacks')
        .values({ prefix, package_id: Number(prefix.split('/')[1]), started_at: 'x' })
        .execute();
    }
    await disk.writeBytes('packages/876543/index.html', Buffer.from('never recorded'));
    // A package being unpacked right now (by another instance): its attempt stays.
    const running = await queuedPackage();
    const attempt = `packages/${running}/running/`;
    await t.db
      .updateTable('packages')
      .set({ processing: 'unpacking', unpack_prefix: attempt })
      .where('id', '=', running)
      .execute();
    await t.db
      .insertInto('package_unpacks')
      .values({ prefix: attempt, package_id: running, started_at: 'x' })
      .execute();
    await disk.writeBytes(`${attempt}index.html`, Buffer.from('being written'));

    expect(await t.app.services.packageUnpack.sweep()).toMatchObject({ removed: 2, gone: 2 });
    for (const key of [`${dead}index.html`, `${gone}index.html`, 'packages/876543/index.html'])
      expect(exists(key), key).toBe(false);
    expect(exists(`${attempt}index.html`)).toBe(true);
    expect(exists(`${live}index.html`)).toBe(true);
    expect(
      (await t.db.selectFrom('package_unpacks').select('prefix').execute()).map((a) => a.prefix),
    ).toEqual([attempt]);
    await t.app.jobs.start();
  });
});
