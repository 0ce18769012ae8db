import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadsRepository } from '../../src/modules/uploads/uploads.repository';
import { createUploadsService } from '../../src/modules/uploads/uploads.service';
import { buildTestApp, type Client, type TestApp } from '../helper';

let t: TestApp;
let editor: Client;
beforeAll(async () => {
  t = await buildTestApp({ MAX_UPLOAD_MB: '1' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
});
afterAll(() => t.close());

const service = () =>
  createUploadsService({
    db: t.db,
    uploads: createUploadsRepository(t.db),
    ...t.app.storage,
    appUrl: t.config.appUrl,
    maxUploadBytes: t.config.maxUploadBytes,
  });

async function signed(client = editor, contentType = 'image/png') {
  const res = await client.post('/vapor/signed-storage-url', {
    bucket: 'local',
    content_type: contentType,
    expires: '',
    visibility: 'public-read',
    extra: 'ignored',
  });
  expect(res.statusCode).toBe(201);
  return res.json() as {
    uuid: string;
    bucket: string;
    key: string;
    url: string;
    headers: Record<string, string>;
  };
}

/** PUT as the browser does: no cookies, no XSRF header, the returned headers minus Host. */
const put = (url: string, body: Buffer, contentType: string) =>
  t.app.inject({
    method: 'PUT',
    url: url.replace(t.config.appUrl, ''),
    headers: { 'content-type': contentType },
    payload: body,
  });

describe('POST /vapor/signed-storage-url', () => {
  it('answers 201 with a temporary key and a signed URL living 5 minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = await signed();
    expect(body.bucket).toBe('local');
    expect(body.key).toBe(`tmp/${body.uuid}`);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.appUrl}/storage/${body.key}`);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(299);
    expect(expires - before).toBeLessThanOrEqual(301);
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.headers).toEqual({ 'Content-Type': 'image/png', Host: new URL(t.config.appUrl).host });
  });

  it('needs a session', async () => {
    const res = await (await t.guest()).post('/vapor/signed-storage-url', { content_type: 'image/png' });
    expect(res.statusCode).toBe(401);
  });

  it('is refused to read-only users', async () => {
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    expect((await qa.post('/vapor/signed-storage-url', { content_type: 'image/png' })).statusCode).toBe(403);
  });

  it.each([
    [{}, 'content_type', 'The content type field is required.'],
    [{ content_type: 'not a type' }, 'content_type', 'The content type must be a valid MIME type.'],
    [{ content_type: 'image/png', bucket: 'someone-elses' }, 'bucket', 'The bucket must be "local".'],
  ])('validates %j', async (payload, field, message) => {
    const res = await editor.post('/vapor/signed-storage-url', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('PUT to the signed URL', () => {
  it('stores the file without credentials; a claim then serves the same bytes by signed GET', async () => {
    const { url, key } = await signed();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const res = await put(url, bytes, 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ size: bytes.length });
    expect(res.headers['access-control-allow-origin']).toBe('*');

    const destination = `assets/${t.companyId}/${path.basename(key)}.png`;
    const claimed = await service().claim(t.companyId, key, destination);
    expect(claimed).toEqual({ size: bytes.length, contentType: 'image/png' });
    const read = await t.app.inject({
      method: 'GET',
      url: service().readUrl(destination, 'image/png').replace(t.config.appUrl, ''),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a tampered signature, another key and a changed expiry', async () => {
    const { url } = await signed();
    const u = new URL(url);
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${u.searchParams.get('signature')!.slice(0, -2)}AA`);
    expect((await put(tampered.toString(), Buffer.from('x'), 'image/png')).statusCode).toBe(403);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600));
    expect((await put(later.toString(), Buffer.from('x'), 'image/png')).statusCode).toBe(403);
    const { url: other } = await signed();
    const swapped = new URL(other);
    swapped.search = u.search;
    expect((await put(swapped.toString(), Buffer.from('x'), 'image/png')).statusCode).toBe(403);
  });

  it('refuses a Content-Type other than the signed one', async () => {
    const { url } = await signed();
    const res = await put(url, Buffer.from('<script>'), 'text/html');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The Content-Type header does not match the signed URL.');
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 and keeps nothing', async () => {
    const { url, key } = await signed();
    const res = await put(url, Buffer.alloc(1024 * 1024 + 1), 'image/png');
    expect(res.statusCode).toBe(413);
    expect(await t.app.storage.disk.stat(key)).toBeUndefined();
    const dir = path.dirname(t.app.storage.disk.pathOf(key));
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.part')) : []).toEqual([]);
  });

  it('answers the browser preflight', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/storage/tmp/x' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET, PUT');
  });
});

describe('claiming and sweeping', () => {
  it('lets only the uploading company claim, and only once', async () => {
    const { url, key } = await signed();
    await put(url, Buffer.from('data'), 'image/png');
    const otherCompany = await t.createCompany();
    await expect(service().claim(otherCompany, key, 'assets/x/stolen')).rejects.toMatchObject({
      statusCode: 422,
    });
    await service().claim(t.companyId, key, `assets/${t.companyId}/once`);
    await expect(service().claim(t.companyId, key, `assets/${t.companyId}/twice`)).rejects.toMatchObject({
      statusCode: 422,
    });
    // A claimed upload cannot be overwritten through its old URL.
    expect((await put(url, Buffer.from('again'), 'image/png')).statusCode).toBe(403);
  });

  it('sweeps unclaimed uploads older than a day, file and row', async () => {
    const { url, key } = await signed();
    await put(url, Buffer.from('old'), 'image/png');
    const fresh = await signed();
    await put(fresh.url, Buffer.from('new'), 'image/png');
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.db.updateTable('uploads').set({ created_at: old }).where('key', '=', key).execute();
    expect(await service().sweep()).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.disk.stat(key)).toBeUndefined();
    expect(
      await t.db.selectFrom('uploads').select('id').where('key', '=', key).executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.app.storage.disk.stat(fresh.key)).toBeDefined();
  });

  it('refuses unsigned and traversing reads', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/storage/tmp/x?expires=9999999999&signature=abc' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/storage/../app.key?expires=9999999999' })).statusCode,
    ).not.toBe(200);
  });
});
