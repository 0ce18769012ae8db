import type { Asset, Package } from '@adstudio/contract';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import Vapor from 'laravel-vapor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../src/storage/s3-store';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { profileFromUpload } from '../profiles/feed-profile';
import { insertCreativeOfCampaign } from '../rows';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { banner, png } from '../uploads/fixtures';

let s3: S3TestServer;
let t: TestApp;
let editor: Client;
let base: string;
let creativeId: number;

// The flow does not depend on the database engine: once is enough.
describe.skipIf(engine === 'postgres')('on S3 (STORAGE=s3, against s3rver)', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp(s3.env);
    // The laravel-vapor client speaks real HTTP: the app listens on a loopback port.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    editor = await t.injectAs(
      await t.createUser({ permissions: ['edit assets', 'edit creatives', 'edit profiles'] }),
    );
    ({ creativeId } = await insertCreativeOfCampaign(t.db, { companyId: t.companyId, campaign: 'S3' }));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const bucket = () => s3Client(s3.config);
  const exists = (key: string) =>
    bucket()
      .send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: key }))
      .then(
        () => true,
        () => false,
      );
  const keysUnder = async (prefix: string) =>
    (
      (await bucket().send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix })))
        .Contents ?? []
    )
      .map((o) => o.Key!)
      .sort();

  /** The real laravel-vapor client: signs through the app (session + XSRF), PUTs to the bucket. */
  const store = (bytes: Buffer, name: string, type: string) =>
    Vapor.store(new File([bytes], name, { type }), {
      baseURL: base,
      headers: {
        cookie: Object.entries(editor.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        'x-xsrf-token': editor.xsrf,
        'x-requested-with': 'XMLHttpRequest',
      },
    }) as Promise<{ key: string; url: string; uuid: string }>;

  it('signs a PUT straight to the bucket, and the upload lands there, not on the app', async () => {
    const signed = await store(png(), 'banner.png', 'image/png');
    expect(new URL(signed.url).origin).toBe(s3.config.endpoint);
    expect(signed.key).toMatch(/^tmp\/[0-9a-f-]{36}$/);
    expect(await exists(signed.key)).toBe(true);
  });

  it('claims an upload as an asset by a server-side copy, with its thumbnail, and serves it by presigned GET', async () => {
    const signed = await store(png(), 'banner.png', 'image/png');
    const res = await editor.post(`/v1/creatives/${creativeId}/assets`, {
      key: signed.key,
      name: 'banner.png',
    });
    expect(res.statusCode, res.body).toBe(201);
    const asset = res.json().data as Asset;
    expect(await exists(signed.key)).toBe(false);
    const company = await keysUnder(`assets/${t.companyId}/${creativeId}/`);
    expect(company).toHaveLength(1);
    expect(await keysUnder(`thumbnails/${t.companyId}/${creativeId}/`)).toHaveLength(1);

    // The app's signed URL answers a redirect to the bucket, with the headers the app chose.
    const served = await editor.get(asset.url!.replace(t.config.appUrl, ''));
    expect(served.statusCode).toBe(302);
    const location = served.headers.location as string;
    expect(new URL(location).origin).toBe(s3.config.endpoint);
    const bytes = await fetch(location);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png())).toBe(true);
  });

  it('refuses a claim of bytes that are not what was declared, and forgets them', async () => {
    const signed = await store(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png');
    const res = await editor.post(`/v1/creatives/${creativeId}/assets`, { key: signed.key, name: 'x.png' });
    expect(res.statusCode).toBe(422);
    expect(await exists(signed.key)).toBe(false);
  });

  it('unpacks a package through the bucket and renders its files from there', async () => {
    const signed = await store(banner(), 'banner.zip', 'application/zip');
    const res = await editor.post(`/v1/creatives/${creativeId}/packages`, {
      key: signed.key,
      name: 'banner.zip',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Package;
    await t.app.jobs.idle();
    const list = await editor.get(`/v1/creatives/${creativeId}/packages`);
    const pkg = (list.json().data as Package[]).find((p) => p.id === created.id)!;
    expect(pkg.processing).toBe('ready');
    // Its files are in the bucket under its live folder, exactly those recorded.
    const { files_prefix: live } = await t.db
      .selectFrom('packages')
      .select('files_prefix')
      .where('id', '=', pkg.id)
      .executeTakeFirstOrThrow();
    expect(live).toMatch(new RegExp(`^packages/${pkg.id}/[\\w-]+/$`));
    expect((await keysUnder(`packages/${pkg.id}/`)).sort()).toEqual([
      `${live}index.html`,
      `${live}js/main.js`,
    ]);
    const rendered = await t.app.inject({
      method: 'GET',
      url: pkg.preview_url!.replace(t.config.appUrl, ''),
    });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toContain('<html');
  });

  it('syncs a feed uploaded to the bucket', async () => {
    const signed = await store(
      Buffer.from('Unique_ID,Reporting_Label,Headline\nr1,One,Hello\nr2,Two,World\n'),
      'feed.csv',
      'text/csv',
    );
    const profile = await profileFromUpload(t, editor, signed.key, 'S3 feed');
    expect(profile.status).toBe('synced');
    const rules = await t.db
      .selectFrom('profile_rules')
      .select('unique_id')
      .where('profile_id', '=', profile.id)
      .execute();
    expect(rules.map((r) => r.unique_id).sort()).toEqual(['r1', 'r2']);
  });

  it('sweeps what lies under tmp/ past a day: unclaimed uploads and PUTs after a claim', async () => {
    const unclaimed = await store(png(), 'late.png', 'image/png');
    const claimed = await store(png(), 'kept.png', 'image/png');
    const kept = await editor.post(`/v1/creatives/${creativeId}/assets`, {
      key: claimed.key,
      name: 'kept.png',
    });
    expect(kept.statusCode).toBe(201);
    // Put again after the claim: a bucket that ignores If-None-Match (s3rver does) takes it.
    const again = await fetch(claimed.url, {
      method: 'PUT',
      body: png(),
      headers: { 'Content-Type': 'image/png' },
    });
    expect(again.status).toBe(200);
    expect(await exists(claimed.key)).toBe(true);
    expect(await exists(unclaimed.key)).toBe(true);

    await t.app.services.uploads.sweep(Date.now() + 25 * 3_600_000);
    expect(await keysUnder('tmp/')).toEqual([]);
    // What the claim kept is elsewhere and untouched.
    const asset = kept.json().data as Asset;
    const served = await editor.get(asset.url!.replace(t.config.appUrl, ''));
    const bytes = Buffer.from(await (await fetch(served.headers.location as string)).arrayBuffer());
    expect(bytes.equals(png())).toBe(true);
  });
});
