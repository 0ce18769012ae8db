import {
  PASSWORD_NEEDS_SESSION,
  TOKEN_READ_ONLY,
  TOKENS_NEED_SESSION,
  UNAUTHENTICATED_MESSAGE,
  WEBHOOKS_NEED_SESSION,
} from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, PASSWORD, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

/**
 * What a bearer token may never do, and the answers it never gets (the third outside probe): what
 * makes or changes credentials needs a session (403 naming it), a bearer request never meets the
 * anti-forgery check (never 419), and no token text makes the server fail (never 500).
 */
let t: TestApp;
let admin: Client;
let adminId: number;

const as = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });

const tokenOf = async (client: Client, abilities: string[]) => {
  const res = await client.post('/v1/user/tokens', { name: abilities.join('+'), abilities });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.token as string;
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const user = await t.createUser({ roles: ['admin'] });
  adminId = user.id;
  admin = await t.injectAs(user);
});
afterAll(() => t.close());

describe(`routes that need a signed-in session (${engine})`, () => {
  it('refuse read and write tokens alike with 403 naming why, on every such route', async () => {
    const sessionOnly = t.app.routeTable.filter((r) => r.sessionOnly && r.method !== 'HEAD');
    const expected: Record<string, string> = {
      '/v1/user/password': PASSWORD_NEEDS_SESSION,
      '/v1/webhooks': WEBHOOKS_NEED_SESSION,
      '/v1/webhooks/:id/deliveries/:deliveryId/redeliver': WEBHOOKS_NEED_SESSION,
      '/v1/user/tokens': TOKENS_NEED_SESSION,
      '/v1/tokens/:id': TOKENS_NEED_SESSION,
    };
    const urls = new Set(sessionOnly.map((r) => r.url));
    for (const url of Object.keys(expected)) expect(urls, url).toContain(url);
    const tokens = [await tokenOf(admin, ['read']), await tokenOf(admin, ['read', 'write'])];
    for (const route of sessionOnly) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      for (const token of tokens) {
        const res = await as(token, route.method as 'GET', url);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json().message).toBe(route.sessionOnly);
        const named = expected[route.url];
        if (named) expect(res.json().message).toBe(named);
      }
    }
  });

  it('changing the password with a token is 403, never 500, and changes nothing', async () => {
    const write = await tokenOf(admin, ['read', 'write']);
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await as(write, method, '/v1/user/password', {
        current_password: PASSWORD,
        password: 'another long password',
        password_confirmation: 'another long password',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(PASSWORD_NEEDS_SESSION);
    }
    expect(
      (await (await t.guest()).post('/auth/login', { email: (await me()).email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });
});

const me = async () => (await admin.get('/v1/user')).json().data as { email: string };

describe(`revoking all my tokens (${engine})`, () => {
  it('DELETE /v1/user/tokens revokes every token of mine and only mine', async () => {
    const other = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const theirs = await tokenOf(other, ['read']);
    const mine = [await tokenOf(admin, ['read']), await tokenOf(admin, ['read', 'write'])];
    const live = await t.db
      .selectFrom('personal_access_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', adminId)
      .executeTakeFirstOrThrow();
    const res = await admin.delete('/v1/user/tokens');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ revoked: Number(live.n) });
    for (const token of mine) {
      const refused = await as(token, 'GET', '/v1/user');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(UNAUTHENTICATED_MESSAGE);
    }
    expect((await as(theirs, 'GET', '/v1/user')).statusCode).toBe(200);
    expect((await admin.get('/v1/user/tokens')).json().data).toEqual([]);
    // Audited, one entry a token.
    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'access_token')
      .where('user_id', '=', adminId)
      .where('action', '=', 'deleted')
      .execute();
    expect(audited.length).toBe(Number(live.n));
  });

  it('a password change keeps tokens alive unless revoke_tokens asks, in the same change', async () => {
    const user = await t.createUser({ permissions: ['edit campaigns'] });
    const client = await t.injectAs(user);
    const kept = await tokenOf(client, ['read']);
    const change = (from: string, to: string, extra: object = {}) =>
      client.put('/v1/user/password', {
        current_password: from,
        password: to,
        password_confirmation: to,
        ...extra,
      });
    expect((await change(PASSWORD, 'second long password')).statusCode).toBe(204);
    expect((await as(kept, 'GET', '/v1/user')).statusCode).toBe(200);
    // A refused change revokes nothing.
    const refused = await change('not my password', 'third long password', { revoke_tokens: true });
    expect(refused.statusCode).toBe(422);
    expect((await as(kept, 'GET', '/v1/user')).statusCode).toBe(200);
    expect(
      (await change('second long password', 'third long password', { revoke_tokens: true })).statusCode,
    ).toBe(204);
    expect((await as(kept, 'GET', '/v1/user')).statusCode).toBe(401);
    const bad = await change('third long password', 'fourth long password', { revoke_tokens: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.revoke_tokens).toBeDefined();
  });
});

describe(`a bearer request never meets the anti-forgery check, nor fails on its token's text (${engine})`, () => {
  it('an empty or bare Bearer header is 401 on reads and writes, never 419', async () => {
    for (const authorization of ['Bearer', 'Bearer ', 'bearer    ', 'BEARER']) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: method === 'DELETE' ? '/v1/campaigns/1' : '/v1/campaigns',
          headers: { authorization, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect(res.statusCode, `${method} ${JSON.stringify(authorization)}`).toBe(401);
        expect(res.json().message).toBe(UNAUTHENTICATED_MESSAGE);
      }
    }
  });

  it('a token id past the integer column is 401 like any unknown token', async () => {
    for (const id of ['2147483648', '4294967296', '9999999999', '2147483647']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await as(`${id}|${'A'.repeat(43)}`, method, '/v1/campaigns');
        expect(res.statusCode, `${method} ${id}`).toBe(401);
        expect(res.json().message).toBe(UNAUTHENTICATED_MESSAGE);
      }
    }
  });

  it('GET preview-url: a write token creates the link, a read token gets 403 to create and 200 to read', async () => {
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Token previews' });
    const [first, second] = [
      await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'By write token' }),
      await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'By read token' }),
    ];
    const [read, write] = [await tokenOf(admin, ['read']), await tokenOf(admin, ['read', 'write'])];
    const made = await as(write, 'GET', `/v1/creatives/${first}/preview-url`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.url).toMatch(/\/externalpreview\/[A-Za-z0-9_-]{43}$/);
    const seen = await as(read, 'GET', `/v1/creatives/${first}/preview-url`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual(made.json().data);
    const refused = await as(read, 'GET', `/v1/creatives/${second}/preview-url`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TOKEN_READ_ONLY);
    expect(
      await t.db.selectFrom('preview_links').where('creative_id', '=', second).select('id').execute(),
    ).toEqual([]);
  });
});
