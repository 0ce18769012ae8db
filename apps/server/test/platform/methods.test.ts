import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../campaigns/fixtures';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(() => t.close());

describe(`PATCH means PUT (${engine})`, () => {
  it('every API update answers PATCH too, behind the same guard', () => {
    const routes = t.app.routeTable;
    const puts = routes.filter((r) => r.method === 'PUT' && r.url.startsWith('/v1/'));
    expect(puts.length).toBeGreaterThan(10);
    for (const put of puts) {
      const patch = routes.find((r) => r.method === 'PATCH' && r.url === put.url);
      expect(patch, put.url).toEqual({ ...put, method: 'PATCH' });
    }
  });

  it('changes what PUT changes, with the same version rule and audit', async () => {
    const id = await insertCampaign(t.db, { companyId: t.companyId, name: 'Patched' });
    const read = (await admin.get(`/v1/campaigns/${id}`)).json().data;
    const patched = await admin.inject({
      method: 'PATCH',
      url: `/v1/campaigns/${id}`,
      payload: { name: 'Patched again', updated_at: read.updated_at },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.name).toBe('Patched again');
    const stale = await admin.inject({
      method: 'PATCH',
      url: `/v1/campaigns/${id}`,
      payload: { name: 'Stale', updated_at: read.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    const history = (await admin.get(`/v1/campaigns/${id}?include=history`)).json();
    expect(JSON.stringify(history)).toContain('Patched again');
  });
});

describe(`a known path with a wrong method answers 405 with Allow (${engine})`, () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string) =>
    admin.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });

  it.each([
    ['DELETE', '/v1/campaigns', 'GET, HEAD, POST'],
    ['PUT', '/v1/campaigns/', 'GET, HEAD, POST'],
    ['GET', '/v1/campaigns/1/clone', 'POST'],
    ['POST', '/v1/user', 'GET, HEAD, PUT, PATCH'],
    ['DELETE', '/v1/profiles/1/sync', 'GET, HEAD'],
  ] as const)('%s %s', async (method, url, allow) => {
    const res = await call(method, url);
    expect(res.statusCode, res.body).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({
      message: `The ${method} method is not supported for this route. Supported methods: ${allow}.`,
    });
  });

  it('an unknown path is still a 404', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no-such-thing'],
      ['POST', '/v1/campaigns/1/no-such-thing'],
      ['DELETE', '/auth/nothing'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
  });
});
