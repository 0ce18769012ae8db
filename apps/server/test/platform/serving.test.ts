import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';
import { fakeWebDist } from '../support/web-dist';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fakeWebDist();
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('the SPA', () => {
  it.each([
    '/',
    '/dashboard',
    '/campaigns/12/viewreport/2026-01-01/2026-01-31',
    '/externalpreview/tok',
    '/no/such/page',
    // The sign-out page: the SPA's loader posts to /logout and goes on to sign-in.
    '/logout',
  ])('answers %s with index.html (history mode), not cached', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>SPA</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps /logout an API call for everything but a page: POST signs out, a JSON GET is 405', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/logout',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    const guest = await t.guest();
    expect((await guest.post('/logout')).statusCode).toBeLessThan(300);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("serves the build's precompressed Brotli copy as is, and the plain file to others", async () => {
    const plain = `const y = ${JSON.stringify('precompressed '.repeat(500))};`;
    fs.writeFileSync(path.join(webDist, 'assets', 'pre-Dd22.js'), plain);
    // A marker the server's own compression could not produce: proof the stored copy was sent.
    const stored = zlib.brotliCompressSync(`${plain}// stored copy`);
    fs.writeFileSync(path.join(webDist, 'assets', 'pre-Dd22.js.br'), stored);
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-Dd22.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('// stored copy');
    const identity = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-Dd22.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('compresses the bundles and JSON for clients that accept it', async () => {
    fs.writeFileSync(
      path.join(webDist, 'assets', 'big-Cc11.js'),
      `const x = ${JSON.stringify('adstudio '.repeat(5000))};`,
    );
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-Cc11.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(45_000 / 10);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/big-Cc11.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-Cc11.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(45_000);
  });

  it('revalidates other static files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not answer non-HTML requests or server paths with the SPA', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: html })).statusCode).toBe(
      200,
    );
    const api = await t.app.inject({ method: 'GET', url: '/v1/unknown', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Cannot find this item' });
    expect((await t.app.inject({ method: 'POST', url: '/dashboard', headers: html })).statusCode).toBe(404);
  });

  it('serves files of a rebuild without a restart', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'late-Zz99.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/late-Zz99.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it.each([
    ['/..%2f..%2f..%2fetc%2fpasswd', 404],
    ['/assets/..%2f..%2fpackage.json', 404],
    // The injector resolves `/%2e%2e/` itself, so this one reaches the server as `/etc/hostname`: an
    // SPA path, answered the page (spa-links.test.ts sends the dots over a socket: 404).
    ['/%2e%2e/%2e%2e/etc/hostname', 200],
  ])('refuses to leave the web root: %s', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toMatch(/root:|"name"/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('operations endpoints', () => {
  it('GET /healthz answers that the process lives, without asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz reports the database, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves OpenAPI generated from the zod schemas at /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    const user = doc.paths['/v1/user'].get.responses['200'].content['application/json'].schema;
    expect(user.properties.data.required).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'avatar', 'company_id', 'roles', 'permissions']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/docs', headers: html });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('GET /config.json (the SPA runtime configuration)', () => {
  it('is empty of integrations by default, so the SPA makes no outside requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ sentryEnvironment: 'test' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("script-src 'self';");
  });

  it('carries configured integrations and opens the CSP for exactly those', async () => {
    const configured = await buildTestApp({
      WEB_SENTRY_DSN: 'https://abc@o1.ingest.sentry.example/42',
      HELPDESK_KEY: 'zd-key_1',
      DOCS_URL: 'https://docs.example.com',
      WEBSITE_URL: 'https://www.example.com',
      CSP_EXTRA_ORIGINS: 'https://cdn.example.net',
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/config.json' });
      expect(res.json()).toEqual({
        sentryDsn: 'https://abc@o1.ingest.sentry.example/42',
        helpdeskKey: 'zd-key_1',
        docsUrl: 'https://docs.example.com',
        websiteUrl: 'https://www.example.com',
        sentryEnvironment: 'test',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' https:\/\/static\.zdassets\.com https:\/\/cdn\.example\.net;/);
      expect(csp).toContain('https://o1.ingest.sentry.example');
      expect(csp).toContain('wss://*.zendesk.com');
    } finally {
      await configured.close();
    }
  });
});
