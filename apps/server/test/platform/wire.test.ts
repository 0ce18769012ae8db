import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';
import { insertCampaign } from '../rows';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("Laravel's wire", () => {
  it('GET /sanctum/csrf-cookie answers 204 with the XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('marks signed-in API answers no-store, errors included', async () => {
    const client = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    for (const url of ['/v1/user', '/v1/campaigns', '/v1/campaigns/999999', '/v1/dashboard']) {
      const res = await client.get(url);
      expect(`${url} ${res.headers['cache-control']}`).toBe(`${url} no-store`);
    }
    const guest = await t.guest();
    expect((await guest.get('/v1/user')).headers['cache-control']).toBe('no-store');
  });
});

describe('ids in paths', () => {
  it('are decimal digits only; other spellings of a real id answer 404', async () => {
    const client = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const ids: number[] = [];
    for (let i = 0; i < 16; i++)
      ids.push(await insertCampaign(t.db, { companyId: t.companyId, name: `Id ${i}` }));
    // Every id from 1 to 16 exists in this company, so a lenient parser would find a row for each spelling.
    expect(ids).toEqual(expect.arrayContaining([1, 2, 10, 16]));
    for (const id of [
      '0x10',
      '1e1',
      '+2',
      '%201',
      '2.0',
      '1%20',
      '-1',
      '0',
      '١',
      '1_0',
      ' 1',
      '99999999999',
    ]) {
      const res = await client.get(`/v1/campaigns/${id}`);
      expect(`${id} ${res.statusCode}`).toBe(`${id} 404`);
      const deleted = await client.delete(`/v1/campaigns/${id}`);
      expect(`${id} ${deleted.statusCode}`).toBe(`${id} 404`);
    }
    expect((await client.get('/v1/campaigns/16')).statusCode).toBe(200);
    expect((await client.get('/v1/campaigns/016')).json().data.id).toBe(16);
    const live = await t.db.selectFrom('campaigns').select('id').where('deleted_at', 'is', null).execute();
    expect(live).toHaveLength(16);
  });
});
