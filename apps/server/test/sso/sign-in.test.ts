import { SSO_CALLBACK_PATH, SSO_ERRORS, type SsoErrorCode } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, PASSWORD, type TestApp } from '../helper';
import { startProvider, type TestAccount, type TestProvider } from './provider';

/**
 * Single sign-on against a real OpenID provider in process (oidc-provider on loopback, allowed by
 * DATASOURCE_ALLOW_HOSTS as any outbound URL of a test is): the code flow with PKCE, state and
 * nonce; the ID token's signature, audience, expiry and nonce checked; who may sign in; and the
 * refusals, each back on the sign-in page in words.
 */
let t: TestApp;
let op: TestProvider;
let admin: Client;
const CLIENT = { client_id: 'adstudio', client_secret: 'a client secret of adstudio' };
/** Registered too, so that the token endpoint answers it: an ID token for one client is not for the other. */
const OTHER = { client_id: 'someone-else', client_secret: 'a client secret of someone else' };

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
  const redirect_uri = `${t.config.appUrl}${SSO_CALLBACK_PATH}`;
  op = await startProvider([
    { ...CLIENT, redirect_uri },
    { ...OTHER, redirect_uri },
  ]);
  admin = await t.injectAs(await t.createUser({ roles: ['admin'], email: 'root@acme.test' }));
  await configure();
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

const settings = (changes: object = {}) => ({
  issuer: op.issuer,
  ...CLIENT,
  domains: ['acme.test'],
  mode: 'invited',
  ...changes,
});

const configure = async (changes: object = {}) => {
  const res = await admin.put('/v1/sso', settings(changes));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

interface Attempt {
  account?: TestAccount;
  /** Changes the callback's query before it is sent (a wrong state). */
  callback?: (query: URLSearchParams) => void;
}

/** A browser's whole sign-in: our start, the provider's pages, our callback. */
async function ssoSignIn(email: string, { account, callback }: Attempt = {}) {
  op.account = account ?? { sub: `sub-${email}`, email, name: 'Signed In' };
  const browser = await t.guest();
  const started = await browser.get(`/auth/sso?email=${encodeURIComponent(email)}`);
  expect(started.statusCode, started.body).toBe(302);
  const location = String(started.headers.location);
  if (location.startsWith('/auth/login')) return { browser, res: started, location };
  expect(location.startsWith(op.issuer)).toBe(true);
  const back = new URL(await op.authorize(location, t.config.appUrl));
  expect(back.pathname).toBe(SSO_CALLBACK_PATH);
  callback?.(back.searchParams);
  const res = await browser.get(`${back.pathname}?${back.searchParams}`);
  expect(res.statusCode, res.body).toBe(302);
  return { browser, res, location: String(res.headers.location) };
}

/** The refusal came back to the sign-in page, in the page's words. */
const expectRefused = async (location: string, code: SsoErrorCode) => {
  expect(location).toMatch(/^\/auth\/login\?/);
  expect(new URL(location, 'http://x').searchParams.get('sso_error')).toBe(code);
  const page = await (await t.guest()).get(location);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(SSO_ERRORS[code]);
  // The page offers single sign-on again: a GET form to the start with the email.
  expect(page.body).toContain('action="/auth/sso"');
};

const signedInAs = async (browser: Client) => {
  const me = await browser.get('/v1/user');
  expect(me.statusCode, me.body).toBe(200);
  return me.json().data as { id: number; email: string; roles: string[]; permissions: string[] };
};

const userRow = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe(`single sign-on (${engine})`, () => {
  it('signs an active user in through the provider, the state cookie sealed and gone after', async () => {
    const user = await t.createUser({ email: 'ada@acme.test' });
    const { browser, res, location } = await ssoSignIn('ada@acme.test');
    expect(location).toBe(`${t.config.spaUrl}/dashboard`);
    const state = res.cookies.find((c) => c.name === 'adstudio_sso');
    expect(state?.value ?? '').toBe('');
    expect((await signedInAs(browser)).id).toBe(user.id);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((row) => row.changes).join()).toContain('sso_sign_in');
  });

  it('sends a browser on by a page of its own, since the sign-in form’s CSP holds its redirects', async () => {
    const browser = await t.guest();
    const started = await browser.inject({
      method: 'GET',
      url: '/auth/sso?email=ada@acme.test',
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    expect(started.statusCode).toBe(200);
    const onward = /http-equiv="refresh" content="0;url=([^"]+)"/
      .exec(started.body)![1]!
      .replaceAll('&amp;', '&');
    expect(onward.startsWith(op.issuer)).toBe(true);
    expect(new URL(onward).searchParams.get('code_challenge_method')).toBe('S256');
    expect(started.cookies.some((c) => c.name === 'adstudio_sso')).toBe(true);
  });

  it('starts with PKCE, state and nonce in a sealed httpOnly cookie', async () => {
    const browser = await t.guest();
    const started = await browser.get('/auth/sso?email=ada@acme.test');
    const url = new URL(String(started.headers.location));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(param)).toBeTruthy();
    const cookie = started.cookies.find((c) => c.name === 'adstudio_sso')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/auth/sso');
    expect(cookie.value).not.toContain(url.searchParams.get('state')!);
  });

  it('refuses a wrong state', async () => {
    await t.createUser({ email: 'bob@acme.test' });
    const { location } = await ssoSignIn('bob@acme.test', {
      callback: (query) => query.set('state', 'forged'),
    });
    await expectRefused(location, 'state');
  });

  it('refuses a callback without its state cookie (another browser)', async () => {
    const browser = await t.guest();
    const res = await browser.get(`${SSO_CALLBACK_PATH}?code=x&state=y`);
    await expectRefused(String(res.headers.location), 'expired');
  });

  it('refuses an ID token with a wrong nonce, audience, expiry or signature', async () => {
    await t.createUser({ email: 'carol@acme.test' });
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, (c: Record<string, unknown>) => Record<string, unknown>, boolean][] = [
      ['nonce', (c) => ({ ...c, nonce: 'another nonce' }), false],
      ['audience', (c) => ({ ...c, aud: OTHER.client_id }), false],
      ['expiry', (c) => ({ ...c, iat: now - 7200, exp: now - 3600 }), false],
      ['signature', (c) => c, true],
    ];
    try {
      for (const [name, tamper, foreignKey] of cases) {
        op.tamper = tamper;
        op.foreignKey = foreignKey;
        const { browser, location } = await ssoSignIn('carol@acme.test');
        await expectRefused(location, 'unverified');
        expect((await browser.get('/v1/user')).statusCode, name).toBe(401);
      }
    } finally {
      op.tamper = undefined;
      op.foreignKey = false;
    }
  });

  it('refuses a client id the ID token is not for (the settings name another client)', async () => {
    await configure({ ...OTHER });
    try {
      op.tamper = (c) => ({ ...c, aud: CLIENT.client_id });
      const { location } = await ssoSignIn('carol@acme.test');
      await expectRefused(location, 'unverified');
    } finally {
      op.tamper = undefined;
      await configure();
    }
  });

  it('refuses an email of a domain that is not the company’s, at the start and from the provider', async () => {
    const start = await ssoSignIn('dan@elsewhere.test');
    await expectRefused(start.location, 'unknown_domain');
    await t.createUser({ email: 'dan@acme.test' });
    const { location } = await ssoSignIn('dan@acme.test', {
      account: { sub: 'dan', email: 'dan@elsewhere.test' },
    });
    await expectRefused(location, 'domain');
    for (const email of ['', 'no-at-sign', `${'a'.repeat(400)}@acme.test`]) {
      const refused = await (await t.guest()).get(`/auth/sso?email=${encodeURIComponent(email)}`);
      expect(refused.statusCode).toBe(302);
      await expectRefused(String(refused.headers.location), 'email');
    }
  });

  it('refuses a deactivated user', async () => {
    const user = await t.createUser({ email: 'erin@acme.test' });
    expect((await admin.post(`/v1/users/${user.id}/deactivate`)).statusCode).toBe(200);
    const { browser, location } = await ssoSignIn('erin@acme.test');
    await expectRefused(location, 'deactivated');
    expect((await browser.get('/v1/user')).statusCode).toBe(401);
  });

  it('invited-only: an invited user joins, an unknown one is refused', async () => {
    const invited = await admin.post('/v1/users/invitations', {
      email: 'fay@acme.test',
      name: 'Fay',
      permissions: ['edit campaigns'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const joined = await ssoSignIn('fay@acme.test');
    expect(joined.location).toBe(`${t.config.spaUrl}/dashboard`);
    expect((await signedInAs(joined.browser)).permissions).toEqual(['edit campaigns']);
    expect((await userRow('fay@acme.test'))?.status).toBe('active');

    const { location } = await ssoSignIn('stranger@acme.test');
    await expectRefused(location, 'no_account');
    expect(await userRow('stranger@acme.test')).toBeUndefined();
  });

  it('JIT creates an unknown user with the chosen access', async () => {
    await configure({ mode: 'jit', default_permissions: ['edit campaigns', 'edit creatives'] });
    try {
      const { browser, location } = await ssoSignIn('gus@acme.test', {
        account: { sub: 'gus', email: 'Gus@Acme.test', name: 'Gus Grant' },
      });
      expect(location).toBe(`${t.config.spaUrl}/dashboard`);
      const me = await signedInAs(browser);
      expect(me).toMatchObject({ email: 'gus@acme.test', roles: [] });
      expect([...me.permissions].sort()).toEqual(['edit campaigns', 'edit creatives']);
      const row = await userRow('gus@acme.test');
      expect(row).toMatchObject({ name: 'Gus Grant', status: 'active', company_id: t.companyId });
      // A second sign-in finds them: no second user.
      expect(
        (await ssoSignIn('gus@acme.test', { account: { sub: 'gus', email: 'gus@acme.test' } })).location,
      ).toBe(`${t.config.spaUrl}/dashboard`);
      // An email a removed user keeps (emails are unique over every row) is no account to make.
      const removed = await t.createUser({ email: 'old@acme.test' });
      await t.db
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', removed.id)
        .execute();
      await expectRefused((await ssoSignIn('old@acme.test')).location, 'no_account');
    } finally {
      await configure();
    }
  });

  it('refuses the provider’s own refusal in words', async () => {
    const browser = await t.guest();
    const started = await browser.get('/auth/sso?email=ada@acme.test');
    const state = new URL(String(started.headers.location)).searchParams.get('state')!;
    const res = await browser.get(
      `${SSO_CALLBACK_PATH}?error=access_denied&error_description=nope&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
    );
    await expectRefused(String(res.headers.location), 'provider');
  });

  it('when required, password sign-in fails as a wrong password would, but for break-glass admins', async () => {
    const member = await t.createUser({ email: 'hal@acme.test' });
    const glass = await t.createUser({ email: 'ivy@acme.test', roles: ['admin'] });
    await configure({ required: true, break_glass_user_ids: [glass.id] });
    try {
      const guest = await t.guest();
      const refused = await guest.post('/auth/login', { email: member.email, password: PASSWORD });
      const wrong = await guest.post('/auth/login', { email: member.email, password: 'not the password' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(wrong.json());
      const allowed = await guest.post('/auth/login', { email: glass.email, password: PASSWORD });
      expect(allowed.statusCode, allowed.body).toBe(200);
      // Another company's users are not concerned.
      const outsider = await t.createUser({ companyId: await t.createCompany() });
      expect(
        (await guest.post('/auth/login', { email: outsider.email, password: PASSWORD })).statusCode,
      ).toBe(200);
      // SSO still signs the member in.
      expect((await ssoSignIn('hal@acme.test')).location).toBe(`${t.config.spaUrl}/dashboard`);
    } finally {
      await configure({ required: false });
    }
    const after = await (await t.guest()).post('/auth/login', { email: member.email, password: PASSWORD });
    expect(after.statusCode).toBe(200);
  });
});
