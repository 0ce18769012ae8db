import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, PASSWORD, type TestApp } from '../helper';

const API = 'http://api.example.test';
const SPA = 'http://ads.example.test';
const DEV = 'http://localhost:5173';

let t: TestApp;
let closed: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: API, SPA_URL: SPA, CORS_ORIGINS: `${SPA}, ${DEV}` });
  closed = await buildTestApp({ APP_URL: API });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(async () => {
  await t.close();
  await closed.close();
});

/** Every CORS response header the answer carries. */
const corsHeaders = (res: LightMyRequestResponse) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith('access-control-')));

const preflight = (app: TestApp, url: string, origin: string, method = 'POST') =>
  app.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type,x-requested-with,x-xsrf-token',
    },
  });

const fromOrigin = (client: Client, origin: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  client.inject({
    method,
    url,
    headers: { origin, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    ...(payload ? { payload } : {}),
  });

describe('an allowed origin (CORS_ORIGINS)', () => {
  it.each([
    ['/v1/campaigns', 'POST'],
    ['/v1/campaigns/1', 'PUT'],
    ['/logout', 'POST'],
  ])('gets its preflight for %s %s answered before any guard', async (url, method) => {
    const res = await preflight(t, url, SPA, method);
    expect(res.statusCode).toBe(204);
    expect(corsHeaders(res)).toEqual({
      'access-control-allow-origin': SPA,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'Content-Type, Accept, X-Requested-With, X-XSRF-TOKEN, If-Match',
      'access-control-max-age': '600',
    });
    expect(res.headers.vary).toMatch(/\bOrigin\b/);
  });

  it('reads with credentials: the origin echoed, never `*`', async () => {
    const res = await fromOrigin(admin, DEV, 'GET', '/v1/user');
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res)).toEqual({
      'access-control-allow-origin': DEV,
      'access-control-allow-credentials': 'true',
    });
    expect(res.headers.vary).toMatch(/\bOrigin\b/);
  });

  it('writes with credentials and the XSRF header', async () => {
    const res = await fromOrigin(admin, SPA, 'POST', '/v1/campaigns', { name: 'Cross-origin launch' });
    expect(res.statusCode, res.body).toBe(201);
    expect(corsHeaders(res)).toMatchObject({
      'access-control-allow-origin': SPA,
      'access-control-allow-credentials': 'true',
    });
    const stored = await admin.get(`/v1/campaigns/${res.json().data.id}`);
    expect(stored.json().data.name).toBe('Cross-origin launch');
  });

  it('can read the 401 and 419 answers the SPA reacts to', async () => {
    const guest = await t.guest();
    const unauthenticated = await fromOrigin(guest, SPA, 'GET', '/v1/user');
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['access-control-allow-origin']).toBe(SPA);
    const mismatch = await admin.inject({
      method: 'POST',
      url: '/v1/campaigns',
      headers: { origin: SPA, 'x-xsrf-token': 'wrong' },
      payload: { name: 'x' },
      xsrf: false,
    });
    expect(mismatch.statusCode).toBe(419);
    expect(mismatch.headers['access-control-allow-origin']).toBe(SPA);
  });
});

describe('any other origin', () => {
  it.each([
    'http://evil.example.test',
    'http://ads.example.test.evil.example.test',
    'https://ads.example.test',
    'http://localhost:5174',
    'null',
  ])('gets no CORS header at all from %s', async (origin) => {
    const pre = await preflight(t, '/v1/campaigns', origin);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre)).toEqual({});
    const read = await fromOrigin(admin, origin, 'GET', '/v1/user');
    expect(read.statusCode).toBe(200);
    expect(corsHeaders(read)).toEqual({});
  });

  it('and neither does a request without an Origin', async () => {
    expect(corsHeaders(await admin.get('/v1/user'))).toEqual({});
  });

  it('nor anyone when CORS_ORIGINS is unset', async () => {
    const client = await closed.injectAs(await closed.createUser({ roles: ['admin'] }));
    const pre = await preflight(closed, '/v1/campaigns', SPA);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre)).toEqual({});
    const read = await fromOrigin(client, SPA, 'GET', '/v1/user');
    expect(read.statusCode).toBe(200);
    expect(corsHeaders(read)).toEqual({});
  });
});

describe('signed storage URLs keep their own uncredentialed CORS', () => {
  const own = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, PUT',
    'access-control-allow-headers': 'content-type',
  };

  it.each([SPA, 'http://evil.example.test'])('answers the preflight from %s with `*`', async (origin) => {
    const res = await preflight(t, '/storage/tmp/x', origin, 'PUT');
    expect(res.statusCode).toBe(204);
    expect(corsHeaders(res)).toEqual(own);
  });

  it('PUTs and GETs from the SPA origin with `*` and no credentials', async () => {
    const signed = await admin.post('/vapor/signed-storage-url', { content_type: 'image/png' });
    expect(signed.statusCode).toBe(201);
    const { url, key } = signed.json() as { url: string; key: string };
    expect(url.startsWith(`${API}/storage/`)).toBe(true);
    const put = await t.app.inject({
      method: 'PUT',
      url: url.slice(API.length),
      headers: { origin: SPA, 'content-type': 'image/png' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(corsHeaders(put)).toEqual(own);
    const expires = Math.floor(Date.now() / 1000) + 60;
    const query = t.app.storage.signer.query({ method: 'GET', key, contentType: 'image/png', expires });
    const get = await t.app.inject({
      method: 'GET',
      url: `/storage/${key}?${query}`,
      headers: { origin: SPA },
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(corsHeaders(get)).toEqual(own);
  });
});

describe('SPA_URL', () => {
  const signIn = (client: Client, redirectApp: string) =>
    client.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({
        _token: client.xsrf,
        email: 'spa@example.com',
        password: PASSWORD,
        redirect_app: redirectApp,
      }).toString(),
      xsrf: false,
    });

  it('is where sign-in, and a signed-in visit to the sign-in page, send the browser', async () => {
    await t.createUser({ email: 'spa@example.com' });
    const client = await t.guest();
    const res = await signIn(client, '/campaigns?page=2');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${SPA}/campaigns?page=2`);
    const again = await client.get('/auth/login?redirect_app=/profiles');
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`${SPA}/profiles`);
  });

  it("is allowed as the sign-in form's redirect target by the CSP (browsers check form-action on it)", async () => {
    const page = await (await t.guest()).get('/auth/login');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${SPA};`);
    const own = await (await closed.guest()).get('/auth/login');
    expect(own.headers['content-security-policy']).toContain("form-action 'self';");
  });

  it('defaults to APP_URL', async () => {
    await closed.createUser({ email: 'spa@example.com' });
    const res = await signIn(await closed.guest(), '/dashboard');
    expect(res.headers.location).toBe(`${API}/dashboard`);
  });
});
