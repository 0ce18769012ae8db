import {
  TOKEN_AND_COOKIE,
  TOKEN_READ_ONLY,
  TOKENS_MAX,
  TOKENS_NEED_SESSION,
  TOKENS_TOO_MANY,
  UNAUTHENTICATED_MESSAGE,
} from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/tokens';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

/**
 * Personal access tokens (docs/design.md §12): Sanctum's model over the API — bearer requests
 * without cookies or XSRF, abilities, expiry, revocation, company scoping, audit and rate limits.
 */
let t: TestApp;
let editor: Client;
let editorId: number;

const bearer = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const createToken = async (client: Client, body: object) => {
  const res = await client.post('/v1/user/tokens', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string; abilities: string[]; expires_at: string };
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const user = await t.createUser({ permissions: ['edit campaigns'] });
  editorId = user.id;
  editor = await t.injectAs(user);
});
afterAll(() => t.close());

describe(`personal access tokens (${engine})`, () => {
  it('creates a token shown once as {id}|{secret}, stored as a hash, listed without it', async () => {
    const before = Date.now();
    const created = await createToken(editor, { name: 'Nightly script', abilities: ['read'] });
    expect(created).toMatchObject({ name: 'Nightly script', abilities: ['read'], last_used_at: null });
    const [id, secret] = created.token.split('|');
    expect(Number(id)).toBe(created.id);
    // 256 random bits, base64url.
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(created.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 90 * 86_400_000 - 5000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 90 * 86_400_000 + 5000);
    const row = await t.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(secret!));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = (await editor.get('/v1/user/tokens')).json().data;
    expect(listed[0]).toEqual({
      id: created.id,
      name: 'Nightly script',
      abilities: ['read'],
      expires_at: created.expires_at,
      last_used_at: null,
      created_at: expect.any(String),
    });
    // ['write'] reads as ['read', 'write']; bad abilities and past or far expiries are refused on their field.
    expect((await createToken(editor, { name: 'Writer', abilities: ['write'] })).abilities).toEqual([
      'read',
      'write',
    ]);
    for (const body of [
      { name: 'x', abilities: ['admin'] },
      { name: 'x', abilities: [] },
      { name: 'x', abilities: 'read' },
      { name: 'x', abilities: ['read'], expires_at: '2020-01-01' },
      { name: 'x', abilities: ['read'], expires_at: '2999-01-01' },
      { name: '', abilities: ['read'] },
    ]) {
      const res = await editor.post('/v1/user/tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toHaveLength(1);
    }
  });

  it('acts as its user with no cookie and no XSRF header; read may only read, write may what the user may', async () => {
    const reader = (await createToken(editor, { name: 'Reader', abilities: ['read'] })).token;
    const writer = (await createToken(editor, { name: 'Writer', abilities: ['read', 'write'] })).token;
    const me = await bearer(reader, 'GET', '/v1/user');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.id).toBe(editorId);
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(me.headers['cache-control']).toBe('no-store');

    const refused = await bearer(reader, 'POST', '/v1/campaigns', { name: 'By a reader' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TOKEN_READ_ONLY);
    const made = await bearer(writer, 'POST', '/v1/campaigns', { name: 'By a script' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    expect((await bearer(reader, 'GET', `/v1/campaigns/${id}`)).statusCode).toBe(200);

    // The audit entry names the token.
    const history = (await editor.get(`/v1/campaigns/${id}?include=history`)).json().data.history;
    expect(history[0]).toMatchObject({ action: 'created', user: { id: editorId }, token_name: 'Writer' });

    // Within the user's permissions: a write token of a user who may not edit creatives may not.
    const other = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
    const theirs = (await createToken(other, { name: 'Theirs', abilities: ['read', 'write'] })).token;
    const creative = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: id,
      name: 'Not theirs',
    });
    const denied = await bearer(theirs, 'DELETE', `/v1/creatives/${creative}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).not.toBe(TOKEN_READ_ONLY);
  });

  it('refuses a bearer token with a session cookie (400), and tokens making tokens (403)', async () => {
    const token = (await createToken(editor, { name: 'Both', abilities: ['read', 'write'] })).token;
    const both = await editor.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(TOKEN_AND_COOKIE);
    for (const [method, url] of [
      ['GET', '/v1/user/tokens'],
      ['POST', '/v1/user/tokens'],
      ['DELETE', '/v1/user/tokens/1'],
      ['GET', '/v1/tokens'],
      ['DELETE', '/v1/tokens/1'],
    ] as const) {
      const res = await bearer(
        token,
        method,
        url,
        method === 'POST' ? { name: 'x', abilities: ['read'] } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(TOKENS_NEED_SESSION);
    }
  });

  it('answers 401 Unauthenticated, never 419, for expired, revoked, wrong and malformed tokens', async () => {
    const expiring = await createToken(editor, { name: 'Expiring', abilities: ['read'] });
    const revoked = await createToken(editor, { name: 'Revoked', abilities: ['read', 'write'] });
    expect((await bearer(expiring.token, 'GET', '/v1/user')).statusCode).toBe(200);
    await t.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect((await editor.delete(`/v1/user/tokens/${revoked.id}`)).statusCode).toBe(204);
    const [id] = revoked.token.split('|');
    for (const token of [
      expiring.token,
      revoked.token,
      `${id}|${'A'.repeat(43)}`,
      `${expiring.id}|${revoked.token.split('|')[1]}`,
      'not-a-token',
      `0|${'A'.repeat(43)}`,
      '',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await bearer(
          token,
          method,
          '/v1/campaigns',
          method === 'POST' ? { name: 'x' } : undefined,
        );
        expect(res.statusCode, `${method} ${token}`).toBe(401);
        expect(res.json().message).toBe(UNAUTHENTICATED_MESSAGE);
      }
    }
    // Another user's token is theirs to revoke: 404 here.
    const other = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
    const theirs = await createToken(other, { name: 'Theirs', abilities: ['read'] });
    expect((await editor.delete(`/v1/user/tokens/${theirs.id}`)).statusCode).toBe(404);
    expect((await bearer(theirs.token, 'GET', '/v1/user')).statusCode).toBe(200);
  });

  it('records last use at most once a minute', async () => {
    const made = await createToken(editor, { name: 'Used', abilities: ['read'] });
    await bearer(made.token, 'GET', '/v1/user');
    const first = (await editor.get('/v1/user/tokens'))
      .json()
      .data.find((x: { id: number }) => x.id === made.id);
    expect(first.last_used_at).not.toBeNull();
    await bearer(made.token, 'GET', '/v1/user');
    const second = (await editor.get('/v1/user/tokens'))
      .json()
      .data.find((x: { id: number }) => x.id === made.id);
    expect(second.last_used_at).toBe(first.last_used_at);
    await t.db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: new Date(Date.now() - 61_000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    await bearer(made.token, 'GET', '/v1/user');
    const third = (await editor.get('/v1/user/tokens'))
      .json()
      .data.find((x: { id: number }) => x.id === made.id);
    expect(Date.parse(third.last_used_at)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('never reaches another company, and lets admins see and revoke their company’s tokens', async () => {
    const otherCompany = await t.createCompany();
    const outsider = await t.injectAs(await t.createUser({ companyId: otherCompany, roles: ['admin'] }));
    const theirs = await createToken(outsider, { name: 'Outsider', abilities: ['read', 'write'] });
    const ours = await insertCampaign(t.db, { companyId: t.companyId, name: 'Ours only' });
    expect((await bearer(theirs.token, 'GET', `/v1/campaigns/${ours}`)).statusCode).toBe(404);
    expect((await bearer(theirs.token, 'PUT', `/v1/campaigns/${ours}`, { name: 'Taken' })).statusCode).toBe(
      404,
    );

    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const mine = await createToken(editor, { name: 'Seen by the admin', abilities: ['read'] });
    const listed = (await admin.get('/v1/tokens')).json().data as { id: number; user: { id: number } }[];
    expect(listed.find((x) => x.id === mine.id)?.user.id).toBe(editorId);
    expect(listed.some((x) => x.id === theirs.id)).toBe(false);
    expect((await editor.get('/v1/tokens')).statusCode).toBe(403);
    expect((await admin.delete(`/v1/tokens/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/v1/tokens/${mine.id}`)).statusCode).toBe(204);
    expect((await bearer(mine.token, 'GET', '/v1/user')).statusCode).toBe(401);
  });

  it(`holds at most ${TOKENS_MAX} live tokens a user`, async () => {
    const user = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
    for (let i = 0; i < TOKENS_MAX; i++) await createToken(user, { name: `Token ${i}`, abilities: ['read'] });
    const refused = await user.post('/v1/user/tokens', { name: 'One more', abilities: ['read'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(TOKENS_TOO_MANY);
  });
});

describe('a token’s rate limit', () => {
  let limited: TestApp;
  afterAll(() => limited?.close());

  it('applies per token, whichever address it comes from', async () => {
    limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1' });
    const user = await limited.createUser({ permissions: ['edit campaigns'] });
    const client = await limited.injectAs(user);
    const res = await client.post('/v1/user/tokens', { name: 'Busy', abilities: ['read'] });
    const { token } = res.json().data;
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await limited.app.inject({
        method: 'GET',
        url: '/v1/user',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      answers.push(answer.statusCode);
    }
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });
});
