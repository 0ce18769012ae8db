import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { build } from 'esbuild';
import { expect, getJson, test } from './fixtures';

/** What the signing route answers and laravel-vapor's `store` hands back (plus `extension`). */
interface VaporAnswer {
  uuid: string;
  key: string;
  bucket: string;
  url: string;
  headers: Record<string, string>;
  extension?: string;
}

/** An XMLHttpRequest as the page's script set it up, recorded before it is sent. */
interface XhrRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
}

declare global {
  interface Window {
    Vapor: { store(file: File, options: { progress(fraction: number): void }): Promise<VaporAnswer> };
    xhrRecords: XhrRecord[];
  }
}

/** The real laravel-vapor client (with its axios) bundled for the browser; sets `window.Vapor`. */
const vaporBundle = build({
  stdin: {
    contents: "import Vapor from 'laravel-vapor'; window.Vapor = Vapor;",
    resolveDir: import.meta.dirname,
  },
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  write: false,
  logLevel: 'silent',
}).then((result) => result.outputFiles[0]!.text);

/** A PNG of random pixels: incompressible, so it is as large on the wire as `width`×`height`×3. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Array.from({ length: height }, () =>
    Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs in the page before its scripts: notes what each XMLHttpRequest was told, as it is sent. */
function recordXhr() {
  window.xhrRecords = [];
  const proto = XMLHttpRequest.prototype;
  const records = new WeakMap<XMLHttpRequest, XhrRecord>();
  const { open, setRequestHeader, send } = proto;
  proto.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    records.set(this, { method, url: String(url), headers: {}, withCredentials: false });
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  };
  proto.setRequestHeader = function (name: string, value: string) {
    const record = records.get(this);
    if (record) record.headers[name] = value;
    return setRequestHeader.call(this, name, value);
  };
  proto.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
    const record = records.get(this);
    if (record) window.xhrRecords.push({ ...record, withCredentials: this.withCredentials });
    return send.call(this, body);
  };
}

/**
 * A signed-in page of the app's own origin with laravel-vapor on it. The app's CSP (`script-src
 * 'self'`) refuses inline scripts, so the bundle is served from a path of the origin instead of
 * `addScriptTag({content})`; the CSP stays on and its `connect-src` meets the upload too.
 */
async function openWithVapor(page: Page) {
  const bundlePath = '/e2e-only/laravel-vapor.js';
  await page.route(`**${bundlePath}`, async (route) =>
    route.fulfill({ contentType: 'text/javascript', body: await vaporBundle }),
  );
  await page.addInitScript(recordXhr);
  await page.goto('/');
  await page.addScriptTag({ url: bundlePath });
}

/** `Vapor.store` of `bytes` as a File named `name`, collecting every progress fraction. */
function storeInPage(page: Page, bytes: Buffer, name: string, type: string) {
  return page.evaluate(
    async ({ base64, name, type }) => {
      const file = new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type });
      const progress: number[] = [];
      const answer = await window.Vapor.store(file, { progress: (fraction) => progress.push(fraction) });
      return { answer, progress };
    },
    { base64: bytes.toString('base64'), name, type },
  );
}

/** A fetch from the page that sends the XSRF header as the app's client does (same-origin calls only). */
function fetchInPage(
  page: Page,
  url: string,
  init: { method: string; json?: object; bytes?: Buffer; type?: string },
) {
  return page.evaluate(
    async ({ url, method, json, base64, type }) => {
      const xsrf = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)?.[1];
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      };
      if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
      if (json) headers['Content-Type'] = 'application/json';
      if (type) headers['Content-Type'] = type;
      const body = json
        ? JSON.stringify(json)
        : base64 === undefined
          ? undefined
          : Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      // Signed storage URLs are PUT without credentials, as laravel-vapor does.
      const credentials = json ? 'same-origin' : 'omit';
      const response = await fetch(url, { method, headers, body, credentials });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { url, method: init.method, json: init.json, base64: init.bytes?.toString('base64'), type: init.type },
  );
}

const xsrfCookie = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');

test.use({ role: 'admin' });

test('laravel-vapor stores a file through the signed URL, and the claimed asset reads back the same bytes', async ({
  page,
}) => {
  const png = noisePng(320, 240); // ~230 KB
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (/\/(vapor|storage)\//.test(new URL(request.url()).pathname)) sent.push(request);
  });
  await openWithVapor(page);
  // Loopback takes the whole body at once (one progress event, at 1); an emulated 256 KB/s uplink
  // makes the upload last about a second, so Chromium reports progress along the way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const signing = page.waitForResponse((response) => response.url().endsWith('/vapor/signed-storage-url'));

  const { answer, progress } = await storeInPage(page, png, 'Spring banner.final.png', 'image/png');

  // Progress: fractions, some before the end, that never go back and end at 1.
  expect(progress.filter((fraction) => fraction < 1).length).toBeGreaterThan(0);
  for (const [i, fraction] of progress.entries()) {
    expect(fraction).toBeGreaterThan(0);
    expect(fraction).toBeLessThanOrEqual(1);
    expect(fraction).toBeGreaterThanOrEqual(progress[i - 1] ?? 0);
  }
  expect(progress.at(-1)).toBe(1);

  expect(answer).toMatchObject({ key: `tmp/${answer.uuid}`, bucket: 'local', extension: 'png' });
  expect(answer.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

  // The signing call: 201, with the XSRF header axios took from our XSRF-TOKEN cookie by itself.
  const signed = await signing;
  expect(signed.status()).toBe(201);
  const post = sent.find((request) => request.method() === 'POST')!;
  expect(await post.headerValue('x-xsrf-token')).toBe(await xsrfCookie(page));
  // The answer names a Host (as Vapor's S3 presigner does); the client must not send it on.
  expect(((await signed.json()) as VaporAnswer).headers).toHaveProperty('Host');

  // The PUT: to the signed URL, with the signed Content-Type, no credentials, no Host of its own.
  // The bucket is on the app's own origin here, where a browser adds cookies to any request; what
  // the client decides is `withCredentials`, which keeps them off a bucket on another origin (S3).
  const put = sent.find((request) => request.method() === 'PUT')!;
  expect(put.url()).toBe(answer.url);
  expect(await put.headerValue('content-type')).toBe('image/png');
  expect((await put.response())?.status()).toBe(200);
  const putRecord = (await page.evaluate(() => window.xhrRecords)).find((record) => record.method === 'PUT')!;
  expect(putRecord.url).toBe(answer.url);
  expect(putRecord.withCredentials).toBe(false);
  expect(Object.keys(putRecord.headers).map((name) => name.toLowerCase())).not.toContain('host');

  // Claimed as an asset of a demo creative, then read back through its signed URL.
  const creatives = await getJson<{ data: { id: number }[] }>(page, '/v1/creatives/?items-per-page=1');
  const creative = creatives.body.data[0]!;
  const claim = await fetchInPage(page, `/v1/creatives/${creative.id}/assets`, {
    method: 'POST',
    json: { key: answer.key, name: 'Spring banner.final.png' },
  });
  expect(claim.status, JSON.stringify(claim.body)).toBe(201);
  expect(claim.body.data).toMatchObject({
    content_type: 'image/png',
    extension: 'png',
    size: png.length,
    sha256: createHash('sha256').update(png).digest('hex'),
    width: 320,
    height: 240,
  });
  const download = await page.request.get((claim.body.data as { url: string }).url);
  expect(download.status()).toBe(200);
  expect((await download.body()).equals(png)).toBe(true);
});

test('a signed upload URL takes one PUT and refuses an altered expiry', async ({ page }) => {
  const png = noisePng(16, 16);
  await openWithVapor(page);

  // Replayed: the URL already took its PUT.
  const { answer } = await storeInPage(page, png, 'once.png', 'image/png');
  const replay = await fetchInPage(page, answer.url, { method: 'PUT', bytes: png, type: 'image/png' });
  expect(replay).toEqual({ status: 403, body: { message: 'This upload URL has already been used.' } });

  // Expired: waiting out the 5 minutes is no test, so the URL's `expires` is moved into the past.
  // The signature covers `expires`, so it is the signature that fails (a real expiry fails on time).
  const signing = await fetchInPage(page, '/vapor/signed-storage-url', {
    method: 'POST',
    json: { bucket: '', content_type: 'image/png', expires: '', visibility: '' },
  });
  expect(signing.status).toBe(201);
  const url = new URL((signing.body as VaporAnswer).url);
  const expired = new URL(url);
  expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 60));
  const refused = await fetchInPage(page, expired.href, { method: 'PUT', bytes: png, type: 'image/png' });
  expect(refused).toEqual({ status: 403, body: { message: 'Invalid or expired signature.' } });
  // The same upload through its own URL is still taken: only the altered expiry was refused.
  const taken = await fetchInPage(page, url.href, { method: 'PUT', bytes: png, type: 'image/png' });
  expect(taken).toEqual({ status: 200, body: { size: png.length } });
});
