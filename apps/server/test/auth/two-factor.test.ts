import { CODE_INVALID, TWO_FACTOR_REQUIRED } from '@adstudio/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, PASSWORD, type TestApp } from '../helper';
import { fromBase32, independentCode } from '../totp';

/**
 * Two-factor sign-in (docs/design.md §13): TOTP per RFC 6238, checked against the RFC's own test
 * vectors and against codes from a generator written here (HMAC-SHA1 and RFC 4226's truncation),
 * independent of the library the server uses. A code is taken once; recovery codes once each; a
 * company may require it, and then a user without it reaches its set-up only.
 */
describe('the TOTP generators agree with RFC 6238 (SHA-1 vectors)', () => {
  const key = Buffer.from('12345678901234567890');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('at %i s: %s', (seconds, code) => {
    expect(independentCode(key, seconds * 1000, 8)).toBe(code);
    const library = new TOTP({ secret: Secret.fromUTF8(key.toString()), digits: 8 });
    expect(library.generate({ timestamp: seconds * 1000 })).toBe(code);
  });
});

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000', LOGIN_MAX_ATTEMPTS: '50' });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(() => t.close());

/** Sets two-factor up for a new user: its secret's key and the recovery codes. */
async function withTwoFactor(permissions = ['edit campaigns']) {
  const user = await t.createUser({ permissions });
  const client = await t.injectAs(user);
  const setup = await client.post('/v1/user/two-factor');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, qr_svg, otpauth_url } = setup.json().data;
  expect(qr_svg).toMatch(/^<svg/);
  expect(otpauth_url).toContain(`secret=${secret}`);
  const key = fromBase32(secret);
  const wrong = await client.post('/v1/user/two-factor/confirm', { code: '000000' });
  expect(wrong.statusCode).toBe(422);
  expect(wrong.json().errors.code).toEqual([CODE_INVALID]);
  const confirmed = await client.post('/v1/user/two-factor/confirm', {
    code: independentCode(key, Date.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const codes = confirmed.json().data.recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  expect((await client.get('/v1/user')).json().data.two_factor).toBe(true);
  return { user, client, key, codes };
}

const signIn = async (email: string, password = PASSWORD) => {
  const guest = await t.guest();
  const first = await guest.post('/auth/login', { email, password });
  return { guest, first };
};

describe(`two-factor sign-in (${engine})`, () => {
  it('asks for a code after the password; a code is taken once, a recovery code once', async () => {
    const { user, key, codes } = await withTwoFactor();
    const { guest, first } = await signIn(user.email);
    expect(first.statusCode).toBe(202);
    const { challenge } = first.json();
    expect((await guest.get('/v1/user')).statusCode).toBe(401);
    // The next step's code (the one of the set-up is taken already).
    const code = independentCode(key, Date.now() + 30_000);
    const done = await guest.post('/auth/two-factor', { challenge, code });
    expect(done.statusCode, done.body).toBe(200);
    expect((await guest.get('/v1/user')).json().data.id).toBe(user.id);

    const replay = await signIn(user.email);
    const replayed = await replay.guest.post('/auth/two-factor', {
      challenge: replay.first.json().challenge,
      code,
    });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.code).toEqual([CODE_INVALID]);

    const recovery = await signIn(user.email);
    const body = { challenge: recovery.first.json().challenge, code: codes[0]!.toUpperCase() };
    expect((await recovery.guest.post('/auth/two-factor', body)).statusCode).toBe(200);
    const again = await signIn(user.email);
    const reused = await again.guest.post('/auth/two-factor', {
      ...body,
      challenge: again.first.json().challenge,
    });
    expect(reused.statusCode).toBe(422);
    // A made-up challenge signs nobody in.
    expect(
      (await again.guest.post('/auth/two-factor', { challenge: 'x.y.z', code: codes[1] })).statusCode,
    ).toBe(422);
  });

  it('the sign-in form shows the code step, and its post signs in', async () => {
    const { user, codes } = await withTwoFactor();
    const guest = await t.guest();
    const form = await guest.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Two-factor sign-in');
    const challenge = /name="challenge" value="([^"]+)"/.exec(form.body)![1]!;
    const posted = await guest.inject({
      method: 'POST',
      url: '/auth/two-factor',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ challenge, code: codes[0]! }).toString(),
    });
    expect(posted.statusCode).toBe(302);
    expect((await guest.get('/v1/user')).json().data.id).toBe(user.id);
  });

  it('turns off with the password and a code; an admin resets it', async () => {
    const { user, client, codes } = await withTwoFactor();
    const wrong = await client.inject({
      method: 'DELETE',
      url: '/v1/user/two-factor',
      payload: { password: 'not it', code: codes[0] },
    });
    expect(wrong.statusCode).toBe(422);
    const off = await client.inject({
      method: 'DELETE',
      url: '/v1/user/two-factor',
      payload: { password: PASSWORD, code: codes[0] },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await signIn(user.email)).first.statusCode).toBe(200);

    const other = await withTwoFactor();
    expect((await admin.delete(`/v1/users/${other.user.id}/two-factor`)).statusCode).toBe(204);
    expect((await signIn(other.user.email)).first.statusCode).toBe(200);
  });

  it('a password reset does not get past it: the new password still asks for a code', async () => {
    const { user } = await withTwoFactor();
    const link = (await admin.post(`/v1/users/${user.id}/password-reset`)).json().data.reset_url as string;
    const guest = await t.guest();
    const password = 'reset but still two-factor';
    const reset = await guest.post('/auth/reset-password', {
      token: link.slice(link.lastIndexOf('/') + 1),
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode).toBe(202);
    expect((await guest.get('/v1/user')).statusCode).toBe(401);
    expect((await signIn(user.email, password)).first.statusCode).toBe(202);
  });

  it('required by the company: a user without it reaches its set-up only, until done', async () => {
    const company = await t.createCompany();
    const boss = await t.injectAs(await t.createUser({ companyId: company, roles: ['admin'] }));
    const user = await t.createUser({ companyId: company, permissions: ['edit campaigns'] });
    const client = await t.injectAs(user);
    expect((await client.get('/v1/campaigns')).statusCode).toBe(200);
    expect((await client.put('/v1/company/two-factor', { required: true })).statusCode).toBe(403);
    const set = await boss.put('/v1/company/two-factor', { required: true });
    expect(set.json().data).toEqual({ required: true });
    // Admins too: the one who required it sets it up next.
    expect((await boss.get('/v1/company/two-factor')).json().message).toBe(TWO_FACTOR_REQUIRED);

    const refused = await client.get('/v1/campaigns');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TWO_FACTOR_REQUIRED);
    expect((await client.get('/v1/user')).json().data.two_factor_setup_required).toBe(true);
    const setup = (await client.post('/v1/user/two-factor')).json().data;
    const code = independentCode(fromBase32(setup.secret), Date.now());
    expect((await client.post('/v1/user/two-factor/confirm', { code })).statusCode).toBe(200);
    expect((await client.get('/v1/campaigns')).statusCode).toBe(200);
  });
});
