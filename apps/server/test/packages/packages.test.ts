import fs from 'node:fs';
import type { Package } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_ERRORS, NOT_READY } from '../../src/modules/packages/packages.service';
import { RENDER_CSP } from '../../src/storage/render-response';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';
import { insertCreativeOfCampaign } from '../rows';
import { banner, png, zip } from '../uploads/fixtures';
import { uploadHelpers } from '../uploads/upload-helpers';

let t: TestApp;
let producer: Client;
let qa: Client;
let creativeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  producer = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
  qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
  ({ creativeId } = await insertCreativeOfCampaign(t.db, { companyId: t.companyId, campaign: 'Packages' }));
});
afterAll(() => t.close());

const { upload } = uploadHelpers(
  () => t,
  () => producer,
);

/** Uploads `bytes` through the Vapor flow, keeps them as a package and waits for the unpack job. */
async function uploadPackage(bytes: Buffer, name = 'banner.zip', client = producer) {
  const signed = await upload(bytes, 'application/zip');
  const res = await client.post(`/v1/creatives/${creativeId}/packages`, { key: signed.key, name });
  expect(res.statusCode, res.body).toBe(201);
  const answered = res.json().data as Package;
  await t.app.jobs.idle();
  return { answered, now: await packageNow(answered.id) };
}

async function packageNow(id: number): Promise<Package> {
  const res = await producer.get(`/v1/creatives/${creativeId}/packages`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Package[]).find((p) => p.id === id)!;
}

const renderPath = (url: string) => url.replace(t.config.appUrl, '');

describe('packages', () => {
  it('are kept as the next version, unpacked by a job and rendered in the sandbox', async () => {
    const { answered, now } = await uploadPackage(banner());
    expect(answered).toMatchObject({ processing: 'queued', status: 'uploaded', original_name: 'banner.zip' });
    expect(now).toMatchObject({
      processing: 'ready',
      entry_file: 'index.html',
      file_count: 2,
      findings: [],
      processing_error: null,
    });
    expect(now.preview_url).toMatch(/\/render\/p\/[0-9]+\.[0-9]+\.[\w-]+\/index\.html$/);

    const page = await t.app.inject({ method: 'GET', url: renderPath(now.preview_url!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(RENDER_CSP);
    // Framed anywhere, and its own files load into the sandbox's opaque origin.
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('ad.size');
    // The package's relative links keep the signature, which sits in the path.
    const script = await t.app.inject({
      method: 'GET',
      url: renderPath(now.preview_url!).replace('index.html', 'js/main.js'),
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toBe('var clickTag = "https://example.com";');

    // A forged signature, another package's id under this signature, and a path out of it: 404.
    const [id, expires] = renderPath(now.preview_url!).split('/')[3]!.split('.');
    for (const url of [
      renderPath(now.preview_url!).replace(
        /\.[\w-]+\/index\.html$/,
        '.AAAAAAAAAAAAAAAAAAAAAAAAAAAA/index.html',
      ),
      renderPath(now.preview_url!).replace(`/${id}.${expires}.`, `/${Number(id) + 1}.${expires}.`),
      renderPath(now.preview_url!).replace('index.html', '../../assets/x'),
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);

    // Any file name a producer's tool writes is served under its own name.
    const { now: named } = await uploadPackage(
      zip({
        'index.html': '<html><head><meta name="ad.size" content="width=300,height=250"></head></html>',
        'img/my banner.png': 'space',
        'lib/_x.js': 'var clickTag = "";', // stored encoded, like any name starting with _
      }),
      'named.zip',
    );
    expect(named.findings.filter((f) => f.severity === 'error')).toEqual([]);
    for (const [file, body] of [
      ['img/my%20banner.png', 'space'],
      ['lib/_x.js', 'var clickTag = "";'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: renderPath(named.preview_url!).replace('index.html', file),
      });
      expect(res.statusCode, file).toBe(200);
      expect(res.body).toBe(body);
    }

    const second = await uploadPackage(banner(), 'banner-v2.zip');
    expect(second.now.version).toBe(named.version + 1);
    const list = (await qa.get(`/v1/creatives/${creativeId}/packages`)).json().data as Package[];
    expect(list.map((p) => p.version).slice(0, 3)).toEqual([second.now.version, named.version, now.version]);
  });

  it('records errors and warnings, writes nothing of a refused zip, and cannot approve it', async () => {
    const { now: slip } = await uploadPackage(
      zip({ 'index.html': '<html></html>', '../escape.html': 'x' }),
      'slip.zip',
    );
    expect(slip.processing).toBe('ready');
    expect(slip.findings.some((f) => f.severity === 'error')).toBe(true);
    expect(slip.preview_url).toBeNull();
    expect(fs.existsSync(diskOf(t.app).pathOf(`packages/${slip.id}/index.html`))).toBe(false);
    const approve = await producer.put(`/v1/creatives/${creativeId}/packages/${slip.id}`, {
      status: 'approved',
      updated_at: slip.updated_at,
    });
    expect(approve.statusCode).toBe(422);
    expect(approve.json().errors.status).toEqual([HAS_ERRORS]);

    const { now: noIndex } = await uploadPackage(zip({ 'main.html': '<html></html>' }), 'no-index.zip');
    expect(
      noIndex.findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.message)
        .join(' '),
    ).toMatch(/index\.html/);

    const { now: warned } = await uploadPackage(
      zip({
        'index.html':
          '<html><head><meta name="ad.size" content="width=728,height=90"></head>' +
          '<script src="https://tracker.example.net/t.js"></script></html>',
      }),
      'warned.zip',
    );
    expect(warned.findings.every((f) => f.severity === 'warning')).toBe(true);
    const messages = warned.findings.map((f) => f.message).join('\n');
    expect(messages).toContain('728x90');
    expect(messages).toContain('tracker.example.net');
    expect(warned.preview_url).not.toBeNull();
  });

  it('are approved or rejected with notes by producers, never by qa, and a stale edit is refused', async () => {
    const { now } = await uploadPackage(banner());
    expect(
      (
        await qa.put(`/v1/creatives/${creativeId}/packages/${now.id}`, {
          status: 'approved',
          updated_at: now.updated_at,
        })
      ).statusCode,
    ).toBe(403);
    const approved = await producer.put(`/v1/creatives/${creativeId}/packages/${now.id}`, {
      status: 'approved',
      notes: 'Checked on mobile.',
      updated_at: now.updated_at,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', notes: 'Checked on mobile.' });
    const stale = await producer.put(`/v1/creatives/${creativeId}/packages/${now.id}`, {
      status: 'rejected',
      updated_at: now.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const history = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'package')
      .where('entity_id', '=', now.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['created', 'updated']);
  });

  it('cannot approve a package that is not unpacked yet', async () => {
    const signed = await upload(banner(), 'application/zip');
    // The job runs only when the queue looks for work; approve before that.
    await t.app.jobs.stop();
    try {
      const res = await producer.post(`/v1/creatives/${creativeId}/packages`, {
        key: signed.key,
        name: 'b.zip',
      });
      const queued = res.json().data as Package;
      expect(queued.processing).toBe('queued');
      const approve = await producer.put(`/v1/creatives/${creativeId}/packages/${queued.id}`, {
        status: 'approved',
        updated_at: queued.updated_at,
      });
      expect(approve.statusCode).toBe(422);
      expect(approve.json().errors.status).toEqual([NOT_READY]);
    } finally {
      await t.app.jobs.start();
    }
    await t.app.jobs.idle();
  });

  it('refuses what is not a zip, naming the file, and scopes everything to the company', async () => {
    const signed = await upload(png(), 'image/png');
    const res = await producer.post(`/v1/creatives/${creativeId}/packages`, {
      key: signed.key,
      name: 'photo.png',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.key[0]).toMatch(/^photo\.png: /);

    const otherCompany = await t.createCompany('Other');
    const outsider = await t.injectAs(await t.createUser({ roles: ['admin'], companyId: otherCompany }));
    expect((await outsider.get(`/v1/creatives/${creativeId}/packages`)).statusCode).toBe(404);
    const theirs = await uploadHelpers(
      () => t,
      () => outsider,
    ).upload(banner(), 'application/zip');
    expect(
      (await outsider.post(`/v1/creatives/${creativeId}/packages`, { key: theirs.key, name: 'x.zip' }))
        .statusCode,
    ).toBe(404);
  });
});
