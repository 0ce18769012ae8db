import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

describe('every route, as registered', () => {
  it('has routes to check', () => {
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/v1/')).length).toBeGreaterThan(0);
  });

  it('refuses every state-changing call without the XSRF header with 419, even for an admin', async () => {
    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const writes = t.app.routeTable.filter(
      (r) => WRITE.has(r.method) && /^\/(v1\/|logout$|vapor\/)/.test(r.url) && !r.public,
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const url = concrete(route.url);
      const missing = await admin.inject({ method: route.method as 'POST', url, payload: {}, xsrf: false });
      expect({ route: `${route.method} ${url}`, status: missing.statusCode, body: missing.json() }).toEqual({
        route: `${route.method} ${url}`,
        status: 419,
        body: { message: 'CSRF token mismatch.' },
      });
      const wrong = await admin.inject({
        method: route.method as 'POST',
        url,
        payload: {},
        headers: { 'x-xsrf-token': 'A'.repeat(43) },
        xsrf: false,
      });
      expect(`${route.method} ${url} ${wrong.statusCode}`).toBe(`${route.method} ${url} 419`);
    }
  });

  it('answers 401 Unauthenticated on every non-public /v1 route without a session', async () => {
    const guest = await t.guest();
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/v1/') && !r.public && r.method !== 'HEAD',
    );
    for (const route of routes) {
      const url = concrete(route.url);
      const res = await guest.inject({
        method: route.method as 'GET',
        url,
        ...(WRITE.has(route.method) ? { payload: {} } : {}),
      });
      expect(`${route.method} ${url} ${res.statusCode} ${res.body}`).toBe(
        `${route.method} ${url} 401 {"message":"Unauthenticated."}`,
      );
    }
  });
});
