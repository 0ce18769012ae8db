import { PERMISSIONS } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { rowFingerprint } from '../row-fingerprint';

/**
 * The access matrix of the team's routes (docs/design.md §13): admins only — each of the six
 * permissions alone (qa among them) is refused with 403 and changes nothing; another company's
 * admin finds none of this company's users (404); a guest is 401.
 */
let t: TestApp;
let userId: number;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: object;
  /** Acts on one user: another company's admin gets 404. */
  item?: true;
}

const ROUTES: Route[] = [
  { method: 'GET', url: () => '/v1/users' },
  {
    method: 'POST',
    url: () => '/v1/users/invitations',
    body: { email: 'matrix@example.com', name: 'Matrix' },
  },
  { method: 'PUT', url: () => `/v1/users/${userId}`, body: { name: 'Renamed' }, item: true },
  { method: 'PATCH', url: () => `/v1/users/${userId}`, body: { name: 'Renamed' }, item: true },
  { method: 'POST', url: () => `/v1/users/${userId}/invitation`, item: true },
  { method: 'DELETE', url: () => `/v1/users/${userId}/invitation`, item: true },
  { method: 'POST', url: () => `/v1/users/${userId}/deactivate`, item: true },
  { method: 'POST', url: () => `/v1/users/${userId}/activate`, item: true },
  { method: 'POST', url: () => `/v1/users/${userId}/password-reset`, item: true },
  { method: 'DELETE', url: () => `/v1/users/${userId}/two-factor`, item: true },
  { method: 'GET', url: () => '/v1/company/two-factor' },
  { method: 'PUT', url: () => '/v1/company/two-factor', body: { required: true } },
  { method: 'GET', url: () => '/v1/sso' },
  { method: 'DELETE', url: () => '/v1/sso' },
];
const call = (client: Client, route: Route) =>
  client.inject({ method: route.method, url: route.url(), ...(route.body ? { payload: route.body } : {}) });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  userId = (await t.createUser({ permissions: ['edit campaigns'] })).id;
});
afterAll(() => t.close());

describe(`the team's routes are for admins (${engine})`, () => {
  it('each permission alone, qa included, gets 403 and changes nothing', async () => {
    const clients = await Promise.all(
      PERMISSIONS.map(async (permission) => ({
        permission,
        client: await t.injectAs(await t.createUser({ permissions: [permission] })),
      })),
    );
    const fingerprint = await rowFingerprint(t);
    const before = await fingerprint();
    for (const { permission, client } of clients) {
      for (const route of ROUTES) {
        const res = await call(client, route);
        expect(res.statusCode, `${permission}: ${route.method} ${route.url()}`).toBe(403);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('another company’s admin finds none of these users; a guest is 401', async () => {
    const stranger = await t.injectAs(
      await t.createUser({ companyId: await t.createCompany(), roles: ['admin'] }),
    );
    for (const route of ROUTES.filter((r) => r.item)) {
      const res = await call(stranger, route);
      expect(res.statusCode, `${route.method} ${route.url()}`).toBe(404);
    }
    const listed = (await stranger.get('/v1/users')).json().data as { id: number }[];
    expect(listed.map((row) => row.id)).not.toContain(userId);
    const guest = await t.guest();
    for (const route of ROUTES) expect((await call(guest, route)).statusCode).toBe(401);
  });
});
