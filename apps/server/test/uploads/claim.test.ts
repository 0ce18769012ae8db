import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURPOSE_MAX_BYTES, type UploadPurpose } from '../../src/modules/uploads/upload-rules';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';
import { banner, csv, gif, html, jpeg, mp4, png, svg, woff2, XLSX_TYPE, xlsx } from './fixtures';
import { uploadHelpers } from './upload-helpers';

let t: TestApp;
let editor: Client;
beforeAll(async () => {
  t = await buildTestApp({ MAX_UPLOAD_MB: '1' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
});
afterAll(() => t.close());

const { service, upload, rowOf } = uploadHelpers(
  () => t,
  () => editor,
);
const destination = () => `claimed/${t.companyId}/${randomUUID()}`;
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

describe('claim accepts what the purpose allows', () => {
  it.each<[string, UploadPurpose, () => Buffer, string, { contentType: string; extension: string }]>([
    ['a PNG', 'asset', png, 'image/png', { contentType: 'image/png', extension: 'png' }],
    [
      'a JPEG declared image/jpg',
      'asset',
      jpeg,
      'image/jpg',
      { contentType: 'image/jpeg', extension: 'jpg' },
    ],
    ['a GIF of no declared type', 'asset', gif, '', { contentType: 'image/gif', extension: 'gif' }],
    ['an MP4', 'asset', mp4, 'video/mp4', { contentType: 'video/mp4', extension: 'mp4' }],
    ['a WOFF2 font', 'asset', woff2, 'font/woff2', { contentType: 'font/woff2', extension: 'woff2' }],
    ['a zip', 'package', banner, 'application/zip', { contentType: 'application/zip', extension: 'zip' }],
    [
      'a zip as Windows browsers declare it',
      'package',
      banner,
      'application/x-zip-compressed',
      { contentType: 'application/zip', extension: 'zip' },
    ],
    ['a CSV', 'feed', csv, 'text/csv', { contentType: 'text/csv', extension: 'csv' }],
    [
      'a CSV whose first bytes look like a BMP',
      'feed',
      () => Buffer.from('BMW,Audi\n1,2\n'),
      'text/csv; charset=UTF-8',
      { contentType: 'text/csv', extension: 'csv' },
    ],
    [
      'a JSON feed',
      'feed',
      () => Buffer.from('[{"Unique_ID":"1"}]'),
      'application/json',
      { contentType: 'application/json', extension: 'json' },
    ],
    ['an xlsx', 'feed', xlsx, XLSX_TYPE, { contentType: XLSX_TYPE, extension: 'xlsx' }],
    ['an xlsx of no declared type', 'feed', xlsx, '', { contentType: XLSX_TYPE, extension: 'xlsx' }],
  ])('%s as %s', async (_name, purpose, bytes, declared, expected) => {
    const { key } = await upload(bytes(), declared);
    const to = destination();
    expect(await service().claim(t.companyId, key, to, purpose)).toEqual({
      size: bytes().length,
      ...expected,
    });
    expect(fs.readFileSync(diskOf(t.app).pathOf(to)).equals(bytes())).toBe(true);
    expect(await diskOf(t.app).stat(key)).toBeUndefined();
    expect((await rowOf(key))?.claimed_at).not.toBeNull();
  });

  it('keeps in one transaction with the caller’s writes, and undoes the move when they fail', async () => {
    const { key } = await upload(png(), 'image/png');
    const to = destination();
    const [checked] = await service().check(t.companyId, [{ key, field: 'key' }], 'asset');
    await expect(
      service().keep([{ upload: checked!, destination: to }], async (trx) => {
        await trx.updateTable('uploads').set({ visibility: 'touched' }).where('key', '=', key).execute();
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await diskOf(t.app).stat(to)).toBeUndefined();
    expect(await rowOf(key)).toMatchObject({ claimed_at: null, visibility: null });

    // Still claimable, and the caller's writes land with the claim.
    const kept = await service().keep([{ upload: checked!, destination: to }], async (trx) => {
      await trx.updateTable('uploads').set({ visibility: 'touched' }).where('key', '=', key).execute();
      return 'done';
    });
    expect(kept).toBe('done');
    expect(fs.readFileSync(diskOf(t.app).pathOf(to)).equals(png())).toBe(true);
    expect(await rowOf(key)).toMatchObject({ visibility: 'touched', claimed_at: expect.any(String) });
  });

  it('undoes every move when a later one fails, so the batch stays claimable', async () => {
    const [a, b] = [await upload(png(), 'image/png'), await upload(gif(), 'image/gif')];
    const checked = await service().check(
      t.companyId,
      [
        { key: a.key, field: 'a' },
        { key: b.key, field: 'b' },
      ],
      'asset',
    );
    // The second file vanishes before it is moved (as if a concurrent claim took it).
    fs.renameSync(diskOf(t.app).pathOf(b.key), `${diskOf(t.app).pathOf(b.key)}.away`);
    const [toA, toB] = [destination(), destination()];
    await expect(
      service().keep(
        [
          { upload: checked[0]!, destination: toA },
          { upload: checked[1]!, destination: toB },
        ],
        async () => undefined,
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      errors: { b: ['The upload was not found or has already been used.'] },
    });
    expect(await diskOf(t.app).stat(toA)).toBeUndefined();
    expect(await diskOf(t.app).stat(a.key)).toBeDefined();
    expect((await rowOf(a.key))?.claimed_at).toBeNull();
    expect((await rowOf(b.key))?.claimed_at).toBeNull();
  });

  it('reports every refused upload of a batch under its field, names the file, and leaves the good ones', async () => {
    const good = await upload(png(), 'image/png');
    const bad = await upload(svg(), 'image/svg+xml');
    await expect(
      service().check(
        t.companyId,
        [
          { key: good.key, field: 'assets.0.key', name: 'good.png' },
          { key: bad.key, field: 'assets.1.key', name: 'logo.svg' },
          { key: 'tmp/nothing', field: 'assets.2.key', name: 'ghost.png' },
          { key: good.key, field: 'assets.3.key', name: 'good again.png' },
        ],
        'asset',
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      errors: {
        'assets.1.key': ['logo.svg: The file is an image/svg+xml, which is not allowed here.'],
        'assets.2.key': ['ghost.png: The upload was not found or has already been used.'],
        'assets.3.key': ['good again.png: The upload was not found or has already been used.'],
      },
    });
    expect(await rowOf(bad.key)).toBeUndefined();
    expect(await diskOf(t.app).stat(bad.key)).toBeUndefined();
    expect((await rowOf(good.key))?.claimed_at).toBeNull();
    expect(await diskOf(t.app).stat(good.key)).toBeDefined();
  });
});

describe('claim refuses and forgets', () => {
  it.each<[string, UploadPurpose, () => Buffer, string, string]>([
    [
      'a zip as an asset',
      'asset',
      banner,
      'application/zip',
      'The file is an application/zip, which is not allowed here.',
    ],
    [
      'a PNG as a package',
      'package',
      png,
      'image/png',
      'The file is an image/png, which is not allowed here.',
    ],
    ['a PNG as a feed', 'feed', png, 'image/png', 'The file is an image/png, which is not allowed here.'],
    [
      'an xlsx as a package',
      'package',
      xlsx,
      'application/zip',
      `The file is an ${XLSX_TYPE}, which is not allowed here.`,
    ],
    [
      'an HTML page named .png',
      'asset',
      html,
      'image/png',
      'The file is a text/html, which is not allowed here.',
    ],
    [
      'an HTML page of no declared type',
      'asset',
      html,
      '',
      'The file is a text/html, which is not allowed here.',
    ],
    ['an SVG', 'asset', svg, 'image/svg+xml', 'The file is an image/svg+xml, which is not allowed here.'],
    [
      'a PNG declared as a JPEG',
      'asset',
      png,
      'image/jpeg',
      "The declared type image/jpeg does not match the file's content (image/png).",
    ],
    [
      'an xlsx declared as CSV',
      'feed',
      xlsx,
      'text/csv',
      `The declared type text/csv does not match the file's content (${XLSX_TYPE}).`,
    ],
    [
      'a CSV of no declared type',
      'feed',
      csv,
      '',
      'The file is text, so its declared type must be text/csv, text/tab-separated-values, text/plain or application/json (not application/octet-stream).',
    ],
    [
      'a UTF-16 CSV',
      'feed',
      () => utf16('Unique_ID,Reporting_Label\n1,Spring\n'),
      'text/csv',
      'The file is not UTF-8 text, so it cannot be a text/csv.',
    ],
    [
      'bytes of no known type',
      'asset',
      () => Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]),
      'image/png',
      "The file's type could not be recognised.",
    ],
    ['an empty file', 'asset', () => Buffer.alloc(0), 'image/png', 'The file is empty.'],
  ])('%s as %s', async (_name, purpose, bytes, declared, reason) => {
    const { key } = await upload(bytes(), declared);
    const to = destination();
    await expect(service().claim(t.companyId, key, to, purpose)).rejects.toMatchObject({
      statusCode: 422,
      message: reason,
      errors: { key: [reason] },
    });
    expect(await diskOf(t.app).stat(key)).toBeUndefined();
    expect(await diskOf(t.app).stat(to)).toBeUndefined();
    expect(await rowOf(key)).toBeUndefined();
  });

  it('refuses a file over the purpose’s limit', async () => {
    const small = service({ purposeMaxBytes: { asset: png().length - 1 } });
    const { key } = await upload(png(), 'image/png');
    await expect(small.claim(t.companyId, key, destination(), 'asset')).rejects.toMatchObject({
      statusCode: 422,
      errors: { key: [`The file is larger than ${png().length - 1} bytes.`] },
    });
    expect(await diskOf(t.app).stat(key)).toBeUndefined();
    expect(await rowOf(key)).toBeUndefined();

    // Exactly at the limit is fine; the limit is per purpose.
    const exact = service({ purposeMaxBytes: { asset: png().length, feed: 1 } });
    const again = await upload(png(), 'image/png');
    expect((await exact.claim(t.companyId, again.key, destination(), 'asset')).size).toBe(png().length);
  });

  it('applies MAX_UPLOAD_MB when it is below the purpose’s limit', async () => {
    const { key } = await upload(banner(), 'application/zip');
    await expect(
      service({ maxUploadBytes: 300 }).claim(t.companyId, key, destination(), 'package'),
    ).rejects.toMatchObject({ errors: { key: ['The file is larger than 300 bytes.'] } });
  });

  it('has per-purpose limits of 100, 200 and 100 MB', () => {
    expect(PURPOSE_MAX_BYTES).toEqual({
      asset: 100 * 1024 ** 2,
      package: 200 * 1024 ** 2,
      feed: 100 * 1024 ** 2,
    });
  });

  it('claims once; the second claim keeps the first one’s file', async () => {
    const { key } = await upload(png(), 'image/png');
    const to = destination();
    await service().claim(t.companyId, key, to, 'asset');
    await expect(service().claim(t.companyId, key, destination(), 'package')).rejects.toMatchObject({
      statusCode: 422,
      errors: { key: ['The upload was not found or has already been used.'] },
    });
    expect(await diskOf(t.app).stat(to)).toBeDefined();
    expect(await rowOf(key)).toBeDefined();
  });

  it('lets one of two concurrent claims win', async () => {
    const { key } = await upload(png(), 'image/png');
    const results = await Promise.allSettled([
      service().claim(t.companyId, key, destination(), 'asset'),
      service().claim(t.companyId, key, destination(), 'asset'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((r) => r.status === 'rejected');
    expect(loser?.reason).toMatchObject({
      statusCode: 422,
      errors: { key: ['The upload was not found or has already been used.'] },
    });
  });

  it('does not read an upload whose PUT has not finished, nor forget it', async () => {
    const res = await editor.post('/vapor/signed-storage-url', { content_type: 'image/png' });
    const { key } = res.json();
    // What a PUT in progress looks like: reserved, its bytes still in a .part file beside the key.
    await t.db
      .updateTable('uploads')
      .set({ received_at: new Date().toISOString() })
      .where('key', '=', key)
      .execute();
    fs.mkdirSync(diskOf(t.app).pathOf('tmp'), { recursive: true });
    fs.writeFileSync(`${diskOf(t.app).pathOf(key)}.1.2.part`, png());
    await expect(service().claim(t.companyId, key, destination(), 'asset')).rejects.toMatchObject({
      errors: { key: ['The upload was not found or has already been used.'] },
    });
    expect(await rowOf(key)).toBeDefined();
    fs.rmSync(`${diskOf(t.app).pathOf(key)}.1.2.part`);
  });

  it('refuses an upload that was signed but never sent', async () => {
    const res = await editor.post('/vapor/signed-storage-url', { content_type: 'image/png' });
    await expect(service().claim(t.companyId, res.json().key, destination(), 'asset')).rejects.toMatchObject({
      statusCode: 422,
    });
  });
});
