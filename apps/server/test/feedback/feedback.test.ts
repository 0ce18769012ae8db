import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /v1/feedback', () => {
  it('stores the message with the user, the company and the page', async () => {
    const companyId = await t.createCompany();
    const user = await t.createUser({ companyId });
    const client = await t.injectAs(user);
    const res = await client.post('/v1/feedback', { message: '  The search is great  ', page: '/dashboard' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(id).toEqual(expect.any(Number));
    const row = await t.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: companyId,
      user_id: user.id,
      message: 'The search is great',
      page: '/dashboard',
    });
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
  });

  it('takes the page as optional', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.post('/v1/feedback', { message: 'Hi' });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('feedback')
      .select('page')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.page).toBeNull();
  });

  it('validates message and page', async () => {
    const client = await t.injectAs(await t.createUser());
    for (const body of [{}, { message: '   ' }, { message: 'x'.repeat(5001) }]) {
      const res = await client.post('/v1/feedback', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['message']);
    }
    const page = await client.post('/v1/feedback', { message: 'ok', page: `/${'p'.repeat(500)}` });
    expect(page.statusCode).toBe(422);
    expect(Object.keys(page.json().errors)).toEqual(['page']);
    expect((await client.post('/v1/feedback', { message: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('needs a session and the XSRF header', async () => {
    expect((await (await t.guest()).post('/v1/feedback', { message: 'x' })).statusCode).toBe(401);
    const client = await t.injectAs(await t.createUser());
    const res = await client.inject({
      method: 'POST',
      url: '/v1/feedback',
      payload: { message: 'x' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
  });
});
