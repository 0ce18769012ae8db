import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';
import { fakeWebDist } from '../support/web-dist';

/**
 * A link to the SPA works for any client: link checkers, mail scanners and curl accept
 * any type, or send no Accept at all, and get the page as a browser does. Server paths keep their
 * own answers, and a client that asks for JSON alone still gets JSON.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fakeWebDist();
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

/** What e-mails and shared links point at: sign-in targets, token pages, My Account. */
const LINKS = [
  '/',
  '/campaigns/12?tab=approvals',
  '/profiles/7',
  '/myaccount',
  '/externalpreview/AbC-12_x',
  '/approvals/AbC-12_x/3',
  '/redirect/campaigns/4',
  '/logout',
];

describe('SPA links for any client', () => {
  it.each(LINKS)('answers %s with the page for Accept: */* (curl, link checkers)', async (url) => {
    const res = await get(url, '*/*');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>SPA</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(LINKS)('answers %s with the page without an Accept header', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<title>SPA</title>');
  });

  it.each(['text/*', 'application/xml;q=0.9, */*;q=0.8', 'text/html'])(
    'answers a page for Accept: %s',
    async (accept) => {
      const res = await get('/dashboard', accept);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
    },
  );

  it('answers a HEAD of a link (link checkers) with the page’s headers', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/campaigns/12', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each([['application/json'], ['application/json, text/plain, */*'], ['application/json;q=1, */*;q=0.1']])(
    'keeps a JSON 404 for a client that asks for JSON (%s)',
    async (accept) => {
      const res = await get('/dashboard', accept);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    },
  );

  it('keeps a missing file a 404, so a stale script or robots.txt is never answered with the page', async () => {
    for (const url of ['/assets/gone-Zz00.js', '/robots.txt', '/favicon.ico']) {
      for (const accept of ['*/*', undefined]) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.body).not.toContain('<title>SPA</title>');
      }
    }
    expect((await get('/assets/index-Ab12Cd34.js', '*/*')).body).toBe('console.log(1)');
  });

  it('keeps a 404 for a path that climbs out of the web root, as sent over the wire', async () => {
    // Injected requests are URL-normalised (`/%2e%2e/etc/hostname` becomes `/etc/hostname`, an
    // SPA path like any other); a real client's path reaches the server as it was sent.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const url of ['/%2e%2e/%2e%2e/etc/hostname', '/..%2f..%2fetc%2fpasswd']) {
      const status = await new Promise<number | undefined>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: url, headers: { accept: '*/*' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          })
          .on('error', reject),
      );
      expect(status, url).toBe(404);
    }
  });
});

describe('server paths keep their answers for any client', () => {
  it.each([
    '/v1/unknown',
    '/v1/campaigns/12/nothing-here',
    '/vapor/unknown',
    '/auth/unknown',
    '/serve/unknown/path',
    '/t/unknown',
    '/render/x',
    '/storage/x',
    '/sanctum/unknown',
  ])('%s: a JSON 404, never the page', async (url) => {
    for (const accept of ['*/*', undefined]) {
      const res = await get(url, accept);
      expect(res.statusCode, `${url} ${accept}`).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], `${url} ${accept}`).toMatch(/^application\/json/);
      expect(res.body).not.toContain('<title>SPA</title>');
    }
  });

  it('answers API routes, health checks and the OpenAPI document as before', async () => {
    const user = await get('/v1/user', '*/*');
    expect(user.statusCode).toBe(401);
    expect(user.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz', '*/*')).json()).toMatchObject({ status: 'ok' });
    expect((await get('/docs/json', '*/*')).json().openapi).toMatch(/^3\./);
    expect((await get('/config.json')).headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/serve/unknown-token', '*/*')).body).not.toContain('<title>SPA</title>');
  });
});
