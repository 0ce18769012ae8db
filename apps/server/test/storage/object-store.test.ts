import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDisk } from '../../src/storage/local-disk';
import { isMissing, type ObjectStore, TooLargeError } from '../../src/storage/object-store';
import { createS3Store } from '../../src/storage/s3-store';
import { engine } from '../helper';
import { type S3TestServer, startS3Server } from '../support/s3-server';

let s3: S3TestServer;
let localRoot: string;
const stores: Record<'local' | 's3', () => ObjectStore> = {
  local: () => createLocalDisk(localRoot),
  s3: () => createS3Store(s3.config),
};

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-store-'));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString('utf8');
let n = 0;
/** A key of its own per test, so the tests share nothing but the store. */
const unique = (prefix: string) => `${prefix}/${++n}-${Date.now()}`;

/** Chunks of random bytes, produced as they are read: nothing holds the whole file. */
function streamOf(totalBytes: number, seed: Buffer[]) {
  let left = totalBytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const chunk = randomBytes(Math.min(256 * 1024, left));
      left -= chunk.length;
      seed.push(chunk);
      this.push(chunk);
    },
  });
}

// The stores do not depend on the database engine: running them once is enough.
describe.skipIf(engine === 'postgres').each(['local', 's3'] as const)('the %s store', (driver) => {
  const store = () => stores[driver]();

  it('writes, stats and reads an object; its tag changes with its bytes', async () => {
    const key = unique('assets');
    expect(await store().write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100)).toBe(
      11,
    );
    const first = await store().stat(key);
    expect(first?.size).toBe(11);
    expect(await text(await store().read(key))).toBe('hello world');
    expect((await store().readHead(key, 5)).toString()).toBe('hello');
    expect((await store().readHead(key, 64)).toString()).toBe('hello world');
    await store().writeBytes(key, Buffer.from('changed'));
    const second = await store().stat(key);
    expect(second?.size).toBe(7);
    expect(second?.etag).not.toBe(first?.etag);
  });

  it('refuses a stream past its limit and keeps nothing of it', async () => {
    const key = unique('tmp');
    await expect(store().write(key, streamOf(300_000, []), 100_000)).rejects.toBeInstanceOf(TooLargeError);
    expect(await store().stat(key)).toBeUndefined();
  });

  it('streams a file of several parts without changing a byte', async () => {
    const key = unique('package-zips');
    const sent: Buffer[] = [];
    const size = 12 * 1024 * 1024 + 123;
    expect(await store().write(key, streamOf(size, sent), 20 * 1024 * 1024)).toBe(size);
    const back = Buffer.concat(await (await store().read(key)).toArray());
    expect(back.length).toBe(size);
    expect(sha256(back)).toBe(sha256(Buffer.concat(sent)));
  });

  it('answers a missing object as a missing file', async () => {
    const key = unique('assets');
    expect(await store().stat(key)).toBeUndefined();
    await expect(store().read(key)).rejects.toSatisfy(isMissing);
    await expect(store().localFile(key)).rejects.toSatisfy(isMissing);
    await expect(store().move(key, unique('assets'))).rejects.toSatisfy(isMissing);
    await store().remove(key);
  });

  it('moves an object, with or without the tag of its bytes', async () => {
    const from = unique('tmp');
    const to = unique('assets');
    await store().writeBytes(from, Buffer.from('moving'));
    const { etag } = (await store().stat(from))!;
    await store().move(from, to, { ifEtag: etag });
    expect(await store().stat(from)).toBeUndefined();
    expect(await text(await store().read(to))).toBe('moving');
    const back = unique('tmp');
    await store().move(to, back);
    expect(await text(await store().read(back))).toBe('moving');
  });

  it('removes everything under a prefix and nothing beside it', async () => {
    const base = unique('packages');
    const keys = [`${base}/1/index.html`, `${base}/1/img/a.png`, `${base}/10/index.html`];
    for (const key of keys) await store().writeBytes(key, Buffer.from(key));
    await store().removeAll(`${base}/1/`);
    expect(await store().stat(keys[0]!)).toBeUndefined();
    expect(await store().stat(keys[1]!)).toBeUndefined();
    expect(await store().stat(keys[2]!)).toBeDefined();
    await store().removeAll(`${base}/nothing-here/`);
  });

  it('lists the objects under a prefix at any depth, and the folders right under it', async () => {
    const base = unique('packages');
    const keys = [`${base}/1/a/index.html`, `${base}/1/a/img/x.png`, `${base}/1/b.part`, `${base}/12/c`];
    for (const key of keys) await store().writeBytes(key, Buffer.from(key));
    await store().writeBytes(`${base}-beside/1/d`, Buffer.from('beside'));
    const listed = [];
    for await (const object of store().list(`${base}/1/`)) listed.push(object);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      keys
        .slice(0, 3)
        .map((key) => ({ key, size: key.length }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    const folders = [];
    for await (const name of store().folders(`${base}/`)) folders.push(name);
    expect(folders.sort()).toEqual(['1', '12']);
    for await (const _ of store().list(`${base}/nothing-here/`)) throw new Error('listed a missing folder');
    for await (const _ of store().folders(`${base}/nothing-here/`))
      throw new Error('listed a missing folder');
  });

  it('lends an object as a local file, and releasing it keeps the object', async () => {
    const key = unique('feeds');
    await store().writeBytes(key, Buffer.from('a,b\n1,2\n'));
    const local = await store().localFile(key);
    expect(fs.readFileSync(local.path, 'utf8')).toBe('a,b\n1,2\n');
    await local.release();
    expect(await store().stat(key)).toBeDefined();
  });

  it('sweeps objects under tmp/ written before a time, and nothing else', async () => {
    const tmp = [unique('tmp'), unique('tmp')];
    const kept = unique('assets');
    for (const key of [...tmp, kept]) await store().writeBytes(key, Buffer.from('x'));
    expect(await store().sweepTmp(new Date(Date.now() - 60_000))).toBe(0);
    expect(await store().sweepTmp(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(2);
    for (const key of tmp) expect(await store().stat(key)).toBeUndefined();
    expect(await store().stat(kept)).toBeDefined();
  });
});

/**
 * s3rver does not check version 4 signatures ("calculation is unimplemented"), so what a real S3
 * refuses (another Content-Type, a second PUT, changed response headers) is shown by what the URL
 * signs: SigV4 covers every query parameter and the headers it names.
 */
describe.skipIf(engine === 'postgres')('the s3 store’s presigned URLs', () => {
  const store = () => stores.s3();
  const signedHeaders = (url: string) => new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';');

  it('takes a PUT of the declared type straight to the bucket, signing its type and single use', async () => {
    const key = unique('tmp');
    const { url, headers } = await store().presignPut!(key, 'text/csv', 60);
    expect(new URL(url).origin).toBe(s3.config.endpoint);
    expect(headers).toEqual({ 'Content-Type': 'text/csv', 'If-None-Match': '*' });
    expect(signedHeaders(url)).toEqual(['content-type', 'host', 'if-none-match']);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    // No checksum of an empty body signed in advance: the real body would not match it.
    expect([...new URL(url).searchParams.keys()].filter((k) => k.includes('checksum'))).toEqual([]);
    const res = await fetch(url, { method: 'PUT', body: 'a,b', headers });
    expect(res.status).toBe(200);
    expect(await text(await store().read(key))).toBe('a,b');
  });

  it('serves a GET with the headers the app chose, until it expires', async () => {
    const key = unique('assets');
    await store().writeBytes(key, Buffer.from('<svg/>'));
    const url = await store().presignGet!(
      key,
      { contentType: 'image/svg+xml', disposition: 'attachment', cacheControl: 'private, max-age=60' },
      60,
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(await res.text()).toBe('<svg/>');
    const query = new URL(url).searchParams;
    expect(query.get('response-content-disposition')).toBe('attachment');
    expect(query.get('X-Amz-Expires')).toBe('60');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
