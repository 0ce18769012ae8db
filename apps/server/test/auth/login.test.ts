import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, PASSWORD, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const form = (client: Client, fields: Record<string, string>) =>
  client.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams({ _token: client.xsrf, ...fields }).toString(),
    xsrf: false,
  });

describe('GET /auth/login', () => {
  it('renders an accessible form carrying the XSRF token and the safe redirect', async () => {
    const client = await t.guest();
    const res = await client.get('/auth/login?redirect_app=/campaigns/12');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<form method="post" action="/auth/login"');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(html).toContain('name="redirect_app" value="/campaigns/12"');
    expect(html).toContain(`name="_token" value="${client.xsrf}"`);
    expect(html).not.toContain('<script');
  });

  it("is dark whatever the system's colour scheme, like the SPA's default theme", async () => {
    const html = (await (await t.guest()).get('/auth/login')).body;
    expect(html).toContain('<meta name="color-scheme" content="dark">');
    // The SPA's dark page background (apps/web/src/app/theme.ts).
    expect(html).toMatch(/:root\{color-scheme:dark;--bg:#121417;/);
    expect(html).not.toContain('prefers-color-scheme');
  });

  it('escapes what it echoes', async () => {
    const client = await t.guest();
    const res = await client.get(
      `/auth/login?redirect_app=${encodeURIComponent('/x"><script>alert(1)</script>')}`,
    );
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('sends a signed-in user straight on', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.get('/auth/login?redirect_app=/profiles');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.config.appUrl}/profiles`);
    const unsafe = await client.get(
      `/auth/login?redirect_app=${encodeURIComponent('/redirect//evil.example/x')}`,
    );
    expect(unsafe.headers.location).toBe(`${t.config.appUrl}/dashboard`);
  });
});

describe('POST /auth/login (form)', () => {
  it('signs in and redirects to APP_URL + redirect_app', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const res = await form(client, {
      email: user.email.toUpperCase(),
      password: PASSWORD,
      redirect_app: '/creatives/new/7',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.config.appUrl}/creatives/new/7`);
    expect((await client.get('/v1/user')).json().data.id).toBe(user.id);
  });

  it('redirects to /dashboard without redirect_app', async () => {
    const user = await t.createUser();
    const res = await form(await t.guest(), { email: user.email, password: PASSWORD });
    expect(res.headers.location).toBe(`${t.config.appUrl}/dashboard`);
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    'https://evil.example',
    'http://evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    ' //evil.example',
    // Dot segments that resolve to a protocol-relative path.
    '/.//evil.example',
    '/..//evil.example',
    '/x/../..//evil.example',
    '/%2e%2e//evil.example',
    // The SPA's /redirect/* route would re-enter a target that leaves the app.
    '/redirect//evil.example/x',
    '/redirect/%2F%2Fevil.example',
    '/REDIRECT//evil.example',
    '/redirect/x/../..//evil.example',
    '/%0d%0aSet-Cookie:%20x=1',
  ])('ignores the unsafe redirect_app %j', async (redirect) => {
    const user = await t.createUser();
    const res = await form(await t.guest(), {
      email: user.email,
      password: PASSWORD,
      redirect_app: redirect,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.config.appUrl}/dashboard`);
  });

  it.each([
    ['/campaigns/12?tab=history', '/campaigns/12?tab=history'],
    ['/redirect/campaigns/4', '/redirect/campaigns/4'],
    ['/campaigns/../creatives', '/creatives'],
    ['/campaigns?filter=100%25', '/campaigns?filter=100%25'],
  ])('follows the safe redirect_app %j to %j', async (redirect, path) => {
    const user = await t.createUser();
    const res = await form(await t.guest(), {
      email: user.email,
      password: PASSWORD,
      redirect_app: redirect,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${t.config.appUrl}${path}`);
  });

  it('keeps query and hash of a safe redirect', async () => {
    const user = await t.createUser();
    const res = await form(await t.guest(), {
      email: user.email,
      password: PASSWORD,
      redirect_app: '/campaigns?page=2#top',
    });
    expect(res.headers.location).toBe(`${t.config.appUrl}/campaigns?page=2#top`);
  });

  it('re-renders the form with a clear message on a wrong password, keeping the email', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const res = await form(client, { email: user.email, password: 'nope', redirect_app: '/campaigns' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(
      '<div class="alert" role="alert" id="form-error">These credentials do not match our records.</div>',
    );
    expect(res.body).toContain(`value="${user.email}"`);
    expect(res.body).toContain('name="redirect_app" value="/campaigns"');
    expect(res.cookies.find((c) => c.name === 'adstudio_session')).toBeUndefined();
  });

  it('gives the same answer for an unknown email', async () => {
    const res = await form(await t.guest(), { email: 'ghost@example.com', password: 'whatever' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('These credentials do not match our records.');
  });

  it('asks for missing fields next to them', async () => {
    const res = await form(await t.guest(), { email: '', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<p class="field-error" id="email-error">The email field is required.</p>');
    expect(res.body).toContain(
      '<p class="field-error" id="password-error">The password field is required.</p>',
    );
  });

  it('answers a stale form (wrong token) with the form again, status 419', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const res = await client.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        _token: 'x'.repeat(43),
        email: user.email,
        password: PASSWORD,
      }).toString(),
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
    expect(res.body).toContain('Your sign-in form expired. Please try again.');
    expect(res.cookies.find((c) => c.name === 'adstudio_session')).toBeUndefined();
  });
});

describe('POST /auth/login (JSON)', () => {
  it('answers 200 {data: user}', async () => {
    const user = await t.createUser({ name: 'Json' });
    const res = await (await t.guest()).post('/auth/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, name: 'Json', email: user.email });
  });

  it('answers 422 {message, errors}', async () => {
    const user = await t.createUser();
    const res = await (await t.guest()).post('/auth/login', { email: user.email, password: 'bad' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('validates fields', async () => {
    const res = await (await t.guest()).post('/auth/login', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('needs the XSRF header: 419 CSRF token mismatch', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const res = await client.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });
});

describe('sign-in throttling', () => {
  it('locks an IP+email pair after the configured failures with 429, even for the right password', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/auth/login', { email: user.email, password: 'wrong' })).statusCode).toBe(
        422,
      );
    }
    const res = await client.post('/auth/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const page = await form(client, { email: user.email, password: PASSWORD });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Too many login attempts.');
  });

  it('counts parallel attempts atomically: no more than the limit reach the password check', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        client.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password: 'wrong' },
          remoteAddress: '198.51.100.40',
        }),
      ),
    );
    const counts = answers.reduce<Record<number, number>>((all, res) => {
      all[res.statusCode] = (all[res.statusCode] ?? 0) + 1;
      return all;
    }, {});
    expect(counts).toEqual({ 422: t.config.login.maxAttempts, 429: 40 - t.config.login.maxAttempts });
  });

  it('does not count successful sign-ins against the IP', async () => {
    const ip = '198.51.100.41';
    const user = await t.createUser();
    for (let i = 0; i < t.config.login.maxAttempts * 4 + 2; i++) {
      const res = await (await t.guest()).inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: PASSWORD },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('does not lock the same email from another IP', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    for (let i = 0; i < 3; i++) await client.post('/auth/login', { email: user.email, password: 'wrong' });
    const other = await t.guest();
    const res = await other.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
  });

  it('opens again once the window has passed', async () => {
    const user = await t.createUser();
    const client = await t.guest();
    for (let i = 0; i < 3; i++) await client.post('/auth/login', { email: user.email, password: 'wrong' });
    const past = new Date(Date.now() - (t.config.login.windowSeconds + 5) * 1000).toISOString();
    await t.db.updateTable('login_attempts').set({ window_started_at: past }).execute();
    expect((await client.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });
});
