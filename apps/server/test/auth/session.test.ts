import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /v1/user', () => {
  it('answers 401 Unauthenticated without a session', async () => {
    const client = await t.guest();
    const res = await client.get('/v1/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers the signed-in user with roles and permissions', async () => {
    const user = await t.createUser({ name: 'Ada', permissions: ['edit campaigns', 'qa'], roles: [] });
    const client = await t.injectAs(user);
    const res = await client.get('/v1/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: user.id,
        name: 'Ada',
        email: user.email,
        avatar: null,
        company_id: t.companyId,
        roles: [],
        permissions: ['edit campaigns', 'qa'],
        two_factor: false,
      },
    });
  });
});

describe('XSRF-TOKEN cookie', () => {
  it('is set, readable by scripts, on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('changes when a session starts, and the old guest token no longer authorizes writes', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const guestToken = client.xsrf;
    await client.post('/auth/login', { email: user.email, password: 'correct horse battery' });
    expect(client.xsrf).not.toBe(guestToken);
    const res = await client.inject({
      method: 'POST',
      url: '/logout',
      headers: { 'x-xsrf-token': guestToken },
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });
});

describe('POST /logout', () => {
  it('ends the session: 204, then /v1/user is 401', async () => {
    const client = await t.injectAs(await t.createUser());
    expect((await client.get('/v1/user')).statusCode).toBe(200);
    const sessionCookie = client.cookies.adstudio_session;
    const res = await client.post('/logout');
    expect(res.statusCode).toBe(204);
    expect(client.cookies.adstudio_session).toBeUndefined();
    const replay = await t.app.inject({
      method: 'GET',
      url: '/v1/user',
      cookies: { adstudio_session: sessionCookie! },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('needs the XSRF header', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.inject({ method: 'POST', url: '/logout', xsrf: false });
    expect(res.statusCode).toBe(419);
    expect((await client.get('/v1/user')).statusCode).toBe(200);
  });
});

describe('signing in again', () => {
  it('ends the session the browser had before', async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    const client = await t.injectAs(first);
    const oldCookie = client.cookies.adstudio_session!;
    const res = await client.post('/auth/login', { email: second.email, password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/v1/user')).json().data.id).toBe(second.id);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/v1/user',
      cookies: { adstudio_session: oldCookie },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, and stored only hashed', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const res = await client.post('/auth/login', { email: user.email, password: 'correct horse battery' });
    const cookie = res.cookies.find((c) => c.name === 'adstudio_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(cookie.value);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is Secure when APP_URL is https', async () => {
    const secure = await buildTestApp({ APP_URL: 'https://ads.example.com' });
    try {
      const user = await secure.createUser();
      const client = await secure.guest();
      const res = await client.post('/auth/login', { email: user.email, password: 'correct horse battery' });
      expect(res.cookies.find((c) => c.name === 'adstudio_session')?.secure).toBe(true);
      expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('session expiry', () => {
  it('answers 419 once the idle time has passed', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const idle = new Date(Date.now() - (t.config.session.idleMinutes + 1) * 60_000).toISOString();
    await t.db.updateTable('sessions').set({ last_seen_at: idle }).where('user_id', '=', user.id).execute();
    const res = await client.get('/v1/user');
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toMatch(/expired/i);
  });

  it('answers 419 after the absolute lifetime even when active', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.get('/v1/user')).statusCode).toBe(419);
  });

  it('keeps an active session alive by touching it', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.db.updateTable('sessions').set({ last_seen_at: old }).where('user_id', '=', user.id).execute();
    expect((await client.get('/v1/user')).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at > old).toBe(true);
  });

  it('counts the idle time from the last request, not from a once-a-minute write', async () => {
    const short = await buildTestApp({ SESSION_IDLE_MINUTES: '1' });
    try {
      const user = await short.createUser();
      const client = await short.injectAs(user);
      const lastSeen = () =>
        short.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
      // The previous request was 50 s ago: still alive, and this request restarts the idle minute.
      const fiftySecondsAgo = new Date(Date.now() - 50_000).toISOString();
      await short.db.updateTable('sessions').set({ last_seen_at: fiftySecondsAgo }).execute();
      expect((await client.get('/v1/user')).statusCode).toBe(200);
      expect(Date.now() - Date.parse((await lastSeen()).last_seen_at)).toBeLessThan(5_000);
      // Another 50 s pass: 100 s after the first request, 50 s after the last one — alive.
      const seen = Date.parse((await lastSeen()).last_seen_at);
      await short.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(seen - 50_000).toISOString() })
        .execute();
      expect((await client.get('/v1/user')).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('signs out a deleted user', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    await t.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    expect((await client.get('/v1/user')).statusCode).toBe(401);
  });
});
