import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Asset, User } from '@adstudio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as realMedia from '../../src/storage/media-probe';
import { buildTestApp, type Client, diskOf, servicesWith, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';
import { assetHelpers, csv, html, image, json, mp4, ownDataDir, storedUnder, svg, woff2 } from './fixtures';

let t: TestApp;
let editor: Client;
let editorUser: User;
let data: ReturnType<typeof ownDataDir>;
let campaignId: number;
let seq = 0;

beforeAll(async () => {
  data = ownDataDir();
  t = await buildTestApp(data.env);
  editorUser = await t.createUser({ permissions: ['edit assets'] });
  editor = await t.injectAs(editorUser);
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Claims' });
});
afterAll(async () => {
  await t.close();
  data.remove();
});

const { uploaded, claimOne, get, rowOf } = assetHelpers(
  () => t,
  () => editor,
);
const creative = () => insertCreative(t.db, { companyId: t.companyId, campaignId, name: `Claim ${++seq}` });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const rowsOf = (creativeId: number) =>
  t.db.selectFrom('assets').selectAll().where('creative_id', '=', creativeId).orderBy('id').execute();
const claim = (creativeId: number, body: unknown, as = editor) =>
  as.post(`/v1/creatives/${creativeId}/assets`, body);

describe('POST /v1/creatives/{id}/assets: one file', () => {
  it.each<[string, () => Promise<Buffer> | Buffer, string, Partial<Asset>, boolean]>([
    [
      'a PNG',
      () => image('png', 300, 250),
      'image/png',
      { content_type: 'image/png', kind: 'image', extension: 'png', width: 300, height: 250 },
      true,
    ],
    [
      'a JPEG declared image/jpg',
      () => image('jpeg', 728, 90),
      'image/jpg',
      { content_type: 'image/jpeg', kind: 'image', extension: 'jpg', width: 728, height: 90 },
      true,
    ],
    [
      'a GIF of no declared type',
      () => image('gif', 160, 600),
      '',
      { content_type: 'image/gif', kind: 'image', extension: 'gif', width: 160, height: 600 },
      true,
    ],
    [
      'an MP4',
      () => mp4(640, 360),
      'video/mp4',
      { content_type: 'video/mp4', kind: 'video', extension: 'mp4', width: 640, height: 360 },
      false,
    ],
    [
      'a WOFF2 font',
      woff2,
      'font/woff2',
      { content_type: 'font/woff2', kind: 'font', extension: 'woff2', width: null, height: null },
      false,
    ],
    [
      'a CSV',
      csv,
      'text/csv',
      { content_type: 'text/csv', kind: 'data', extension: 'csv', width: null, height: null },
      false,
    ],
    [
      'a JSON file',
      json,
      'application/json',
      { content_type: 'application/json', kind: 'data', extension: 'json', width: null, height: null },
      false,
    ],
  ])(
    'keeps %s: measured, hashed, stored under its creative and served by signed URL',
    async (_name, make, declared, expected, thumbnail) => {
      const bytes = await make();
      const creativeId = await creative();
      const key = await uploaded(bytes, declared);
      const res = await claim(creativeId, { key, name: '  Spring banner.bin ' });
      expect(res.statusCode, res.body).toBe(201);
      const asset = res.json().data as Asset;
      expect(asset).toMatchObject({
        ...expected,
        creative_id: creativeId,
        campaign_id: campaignId,
        name: 'Spring banner.bin',
        original_name: 'Spring banner.bin',
        size: bytes.length,
        sha256: sha256(bytes),
        duplicate_of: null,
        deleted_at: null,
        purge_at: null,
      });
      expect(asset.thumbnail_url === null).toBe(!thumbnail);

      // The file moved from tmp/ to the creative's folder; the upload is used up.
      const [row] = await rowsOf(creativeId);
      expect(row!.storage_key).toMatch(
        new RegExp(`^assets/${t.companyId}/${creativeId}/[0-9a-f-]{36}\\.${expected.extension}$`),
      );
      expect(await diskOf(t.app).stat(key)).toBeUndefined();
      expect((await rowOf(key))?.claimed_at).not.toBeNull();

      const file = await get(asset.url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': expected.content_type,
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
        'content-disposition': expected.kind === 'data' ? 'attachment' : 'inline',
      });

      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_type', '=', 'asset')
        .where('entity_id', '=', asset.id)
        .execute();
      expect(audit.map((entry) => [entry.action, entry.user_id])).toEqual([['created', editorUser.id]]);
      expect(JSON.parse(audit[0]!.changes)).toMatchObject({ name: [null, 'Spring banner.bin'] });
    },
  );

  it('makes a WebP thumbnail within 320 px, keeping the proportions', async () => {
    const creativeId = await creative();
    const wide = await claimOne(creativeId, await image('png', 1200, 600), 'image/png', 'wide.png');
    const tall = await claimOne(creativeId, await image('jpeg', 300, 900), 'image/jpeg', 'tall.jpg');
    const small = await claimOne(creativeId, await image('gif', 120, 60), 'image/gif', 'small.gif');
    for (const [asset, size] of [
      [wide, [320, 160]],
      [tall, [107, 320]],
      [small, [120, 60]],
    ] as const) {
      const res = await get(asset.thumbnail_url!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ...size]);
    }
    const [row] = await rowsOf(creativeId);
    expect(row!.thumbnail_key).toMatch(
      new RegExp(`^thumbnails/${t.companyId}/${creativeId}/[0-9a-f-]{36}\\.webp$`),
    );
  });

  it('flags a file the creative already has as a duplicate of the earliest, without refusing it', async () => {
    const creativeId = await creative();
    const bytes = await image('png', 300, 250, '#ff0000');
    const first = await claimOne(creativeId, bytes, 'image/png', 'first.png');
    const second = await claimOne(creativeId, bytes, 'image/png', 'second.png');
    const third = await claimOne(creativeId, bytes, 'image/png', 'third.png');
    expect([first.duplicate_of, second.duplicate_of, third.duplicate_of]).toEqual([null, first.id, first.id]);
    // Another creative's copy is no duplicate.
    const elsewhere = await claimOne(await creative(), bytes, 'image/png', 'first.png');
    expect(elsewhere.duplicate_of).toBeNull();
    // Once the earliest is deleted, the next one is the original.
    expect((await editor.delete(`/v1/assets/${first.id}`)).statusCode).toBe(204);
    const list = (await editor.get(`/v1/creatives/${creativeId}/assets?sort-by=created_at`)).json().data;
    expect(list.map((a: Asset) => [a.id, a.duplicate_of])).toEqual([
      [second.id, null],
      [third.id, second.id],
    ]);
  });
});

describe('POST /v1/creatives/{id}/assets: many files at once', () => {
  it('keeps them all and answers them in order', async () => {
    const creativeId = await creative();
    const png = await image('png', 300, 250);
    const files = [
      { key: await uploaded(png, 'image/png'), name: 'a.png' },
      { key: await uploaded(mp4(320, 180), 'video/mp4'), name: 'b.mp4' },
      { key: await uploaded(csv(), 'text/csv'), name: 'c.csv' },
      { key: await uploaded(png, 'image/png'), name: 'd.png' },
    ];
    const res = await claim(creativeId, { assets: files });
    expect(res.statusCode, res.body).toBe(201);
    const assets = res.json().data as Asset[];
    expect(assets.map((a) => [a.name, a.kind, a.width])).toEqual([
      ['a.png', 'image', 300],
      ['b.mp4', 'video', 320],
      ['c.csv', 'data', null],
      ['d.png', 'image', 300],
    ]);
    expect(assets[3]!.duplicate_of).toBe(assets[0]!.id);
    expect((await rowsOf(creativeId)).length).toBe(4);
  });

  it('keeps nothing when one file is refused; the good uploads stay claimable', async () => {
    const creativeId = await creative();
    const good = [
      { key: await uploaded(await image('png', 300, 250), 'image/png'), name: 'banner.png' },
      { key: await uploaded(json(), 'application/json'), name: 'feed.json' },
    ];
    const bad = { key: await uploaded(svg(), 'image/svg+xml'), name: 'logo.svg' };
    const res = await claim(creativeId, { assets: [good[0], bad, good[1]] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: 'logo.svg: The file is an image/svg+xml, which is not allowed here.',
      errors: { 'assets.1.key': ['logo.svg: The file is an image/svg+xml, which is not allowed here.'] },
    });
    expect(await rowsOf(creativeId)).toEqual([]);
    expect(storedUnder(t, `assets/${t.companyId}/${creativeId}`)).toEqual([]);
    expect(storedUnder(t, `thumbnails/${t.companyId}/${creativeId}`)).toEqual([]);
    // The refused file is forgotten; the others wait, unclaimed, for the retry.
    expect(await rowOf(bad.key)).toBeUndefined();
    expect(await diskOf(t.app).stat(bad.key)).toBeUndefined();
    for (const { key } of good) {
      expect((await rowOf(key))?.claimed_at).toBeNull();
      expect(await diskOf(t.app).stat(key)).toBeDefined();
    }
    const retry = await claim(creativeId, { assets: good });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.map((a: Asset) => a.name)).toEqual(['banner.png', 'feed.json']);
  });

  it('removes the thumbnails already made when a later file fails to be measured', async () => {
    const creativeId = await creative();
    let calls = 0;
    const failing = servicesWith(t.app, {
      media: {
        makeThumbnail: realMedia.makeThumbnail,
        probeMedia: async (file, type) => {
          if (++calls === 2) throw new Error('disk trouble');
          return realMedia.probeMedia(file, type);
        },
      },
    }).assets;
    const files = [
      { key: await uploaded(await image('png', 300, 250), 'image/png'), name: 'one.png' },
      { key: await uploaded(await image('png', 728, 90), 'image/png'), name: 'two.png' },
    ];
    await expect(failing.claim(editorUser, creativeId, { assets: files })).rejects.toThrow('disk trouble');
    expect(storedUnder(t, `thumbnails/${t.companyId}/${creativeId}`)).toEqual([]);
    expect(await rowsOf(creativeId)).toEqual([]);
    for (const { key } of files) expect((await rowOf(key))?.claimed_at).toBeNull();
  });

  it('validates the body', async () => {
    const creativeId = await creative();
    const key = await uploaded(csv(), 'text/csv');
    for (const [body, field, message] of [
      [{}, 'key', 'The key field is required.'],
      [{ key, name: ' ' }, 'name', 'The name field is required.'],
      [{ assets: [] }, 'assets', 'The assets field is required.'],
      [
        { assets: Array.from({ length: 51 }, (_, i) => ({ key, name: `${i}.csv` })) },
        'assets',
        'At most 50 assets at once.',
      ],
    ] as const) {
      const res = await claim(creativeId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().errors[field], res.body).toContain(message);
    }
    expect((await rowOf(key))?.claimed_at).toBeNull();
  });
});

describe('POST /v1/creatives/{id}/assets: refused files', () => {
  it.each<[string, () => Promise<Buffer> | Buffer, string, string]>([
    [
      'a PNG declared as a JPEG',
      () => image('png', 10, 10),
      'image/jpeg',
      "x.png: The declared type image/jpeg does not match the file's content (image/png).",
    ],
    ['an SVG', svg, 'image/svg+xml', 'x.png: The file is an image/svg+xml, which is not allowed here.'],
    [
      'an SVG declared as a PNG',
      svg,
      'image/png',
      'x.png: The file is an image/svg+xml, which is not allowed here.',
    ],
    ['an HTML page', html, 'text/html', 'x.png: The file is a text/html, which is not allowed here.'],
    [
      'an HTML page declared as CSV',
      html,
      'text/csv',
      'x.png: The file is a text/html, which is not allowed here.',
    ],
    [
      'text declared as a PNG',
      () => Buffer.from('just words'),
      'image/png',
      'x.png: The file is text, so its declared type must be text/csv or application/json (not image/png).',
    ],
  ])('%s: 422 naming the file, and the upload is forgotten', async (_name, make, declared, message) => {
    const creativeId = await creative();
    const key = await uploaded(await make(), declared);
    const res = await claim(creativeId, { key, name: 'x.png' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message, errors: { key: [message] } });
    expect(await rowsOf(creativeId)).toEqual([]);
    expect(await rowOf(key)).toBeUndefined();
    expect(await diskOf(t.app).stat(key)).toBeUndefined();
  });

  it('refuses a file over the size limit', async () => {
    const creativeId = await creative();
    const bytes = await image('png', 300, 250);
    const small = servicesWith(t.app, { purposeMaxBytes: { asset: 1000 } }).assets;
    expect(bytes.length).toBeGreaterThan(1000);
    const key = await uploaded(bytes, 'image/png');
    await expect(small.claim(editorUser, creativeId, { key, name: 'big.png' })).rejects.toMatchObject({
      statusCode: 422,
      errors: { key: ['big.png: The file is larger than 1000 bytes.'] },
    });
    expect(await rowOf(key)).toBeUndefined();
    expect(await rowsOf(creativeId)).toEqual([]);
  });

  it('refuses an unknown key, a key claimed before and another company’s upload', async () => {
    const creativeId = await creative();
    const notFound = 'x.png: The upload was not found or has already been used.';
    const unknown = await claim(creativeId, {
      key: 'tmp/00000000-0000-0000-0000-000000000000',
      name: 'x.png',
    });
    expect(unknown.json()).toEqual({ message: notFound, errors: { key: [notFound] } });
    expect((await claim(creativeId, { key: '../../etc/passwd', name: 'x.png' })).statusCode).toBe(422);

    const key = await uploaded(csv(), 'text/csv');
    expect((await claim(creativeId, { key, name: 'x.png' })).statusCode).toBe(201);
    const replayed = await claim(await creative(), { key, name: 'x.png' });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ key: [notFound] });
    expect((await rowsOf(creativeId)).length).toBe(1);

    const otherCompany = await t.createCompany();
    const stranger = await t.injectAs(
      await t.createUser({ companyId: otherCompany, permissions: ['edit assets'] }),
    );
    const theirs = await assetHelpers(
      () => t,
      () => stranger,
    ).uploaded(csv(), 'text/csv');
    const stolen = await claim(creativeId, { key: theirs, name: 'x.png' });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({ key: [notFound] });
    expect((await rowOf(theirs))?.claimed_at).toBeNull();
    expect(await diskOf(t.app).stat(theirs)).toBeDefined();
  });

  it('answers 404 for a creative that is deleted, unknown or another company’s', async () => {
    const key = await uploaded(csv(), 'text/csv');
    const deleted = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: `Deleted ${++seq}`,
      deleted: true,
    });
    const otherCompany = await t.createCompany();
    const foreign = await insertCreative(t.db, {
      companyId: otherCompany,
      campaignId: await insertCampaign(t.db, { companyId: otherCompany, name: 'Theirs' }),
      name: 'Theirs',
    });
    for (const id of [deleted, foreign, 999_999]) {
      const res = await claim(id, { key, name: 'x.csv' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
    expect((await rowOf(key))?.claimed_at).toBeNull();
  });

  it('keeps one of two concurrent claims of the same upload', async () => {
    const key = await uploaded(await image('png', 300, 250), 'image/png');
    const [a, b] = [await creative(), await creative()];
    const results = await Promise.all([claim(a, { key, name: 'x.png' }), claim(b, { key, name: 'x.png' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect((await rowsOf(a)).length + (await rowsOf(b)).length).toBe(1);
    const loser = results[0]!.statusCode === 422 ? a : b;
    expect(storedUnder(t, `assets/${t.companyId}/${loser}`)).toEqual([]);
    expect(storedUnder(t, `thumbnails/${t.companyId}/${loser}`)).toEqual([]);
    const winner = loser === a ? b : a;
    const [row] = await rowsOf(winner);
    expect(fs.existsSync(diskOf(t.app).pathOf(row!.storage_key))).toBe(true);
  });
});
