import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new secret';

describe('PUT /v1/user', () => {
  it('updates name, email and avatar, and GET /v1/user answers the change', async () => {
    const user = await t.createUser({ name: 'Before', permissions: ['qa'] });
    const client = await t.injectAs(user);
    const res = await client.put('/v1/user', {
      name: '  Grace Hopper ',
      email: 'Grace.Hopper@Example.com',
      avatar: 'https://cdn.example.com/grace.png',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: user.id,
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      avatar: 'https://cdn.example.com/grace.png',
      company_id: user.company_id,
      roles: [],
      permissions: ['qa'],
      two_factor: false,
    };
    expect(res.json()).toEqual({ data: expected });
    expect((await client.get('/v1/user')).json()).toEqual({ data: expected });
  });

  it('signs in with the new email afterwards', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    await client.put('/v1/user', {
      name: 'N',
      email: 'renamed-login@example.com',
      current_password: PASSWORD,
    });
    const guest = await t.guest();
    const res = await guest.post('/auth/login', { email: 'renamed-login@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the avatar when it is left out, clears it with null', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    await client.put('/v1/user', { name: 'A', email: user.email, avatar: 'https://example.com/a.png' });
    const kept = await client.put('/v1/user', { name: 'B', email: user.email });
    expect(kept.json().data.avatar).toBe('https://example.com/a.png');
    const cleared = await client.put('/v1/user', { name: 'B', email: user.email, avatar: null });
    expect(cleared.json().data.avatar).toBeNull();
  });

  it("refuses another user's email, even in another company", async () => {
    const otherCompany = await t.createCompany();
    const other = await t.createUser({ companyId: otherCompany, email: 'taken@example.com' });
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const res = await client.put('/v1/user', {
      name: 'X',
      email: 'TAKEN@example.com',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    expect((await client.get('/v1/user')).json().data.email).toBe(user.email);
    expect(other.email).toBe('taken@example.com');
  });

  it('asks for the current password to change the email, and only then', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const missing = await client.put('/v1/user', { name: 'X', email: 'stolen@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      current_password: ['The current password field is required to change your email.'],
    });
    const wrong = await client.put('/v1/user', {
      name: 'X',
      email: 'stolen@example.com',
      current_password: 'not the password',
    });
    expect(wrong.json().errors).toEqual({
      current_password: ['The provided password does not match your current password.'],
    });
    expect((await client.get('/v1/user')).json().data).toMatchObject({ name: user.name, email: user.email });
    // Upper case is the same address: no password needed.
    const same = await client.put('/v1/user', { name: 'Renamed', email: user.email.toUpperCase() });
    expect(same.statusCode).toBe(200);
  });

  it('accepts keeping its own email', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    expect((await client.put('/v1/user', { name: 'Same', email: user.email })).statusCode).toBe(200);
  });

  it('validates name, email and avatar', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.put('/v1/user', {
      name: ' ',
      email: 'not-an-email',
      avatar: 'http://insecure.example.com/a.png',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['avatar', 'email', 'name']);
    const long = await client.put('/v1/user', {
      name: 'x'.repeat(121),
      email: 'ok@example.com',
      current_password: PASSWORD,
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name).toEqual(['The name may not be greater than 120 characters.']);
    const script = await client.put('/v1/user', {
      name: 'ok',
      email: 'ok2@example.com',
      avatar: 'javascript:alert(1)',
      current_password: PASSWORD,
    });
    expect(script.statusCode).toBe(422);
  });

  it('needs the XSRF header', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.inject({
      method: 'PUT',
      url: '/v1/user',
      payload: { name: 'x', email: 'x@example.com' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('PUT /v1/user/password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const otherDevice = await t.injectAs(user);
    const res = await client.put('/v1/user/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(204);
    expect((await client.get('/v1/user')).statusCode).toBe(200);
    expect((await otherDevice.get('/v1/user')).statusCode).toBe(401);

    const guest = await t.guest();
    expect((await guest.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(422);
    expect((await guest.post('/auth/login', { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('leaves sessions of other users alone', async () => {
    const user = await t.createUser();
    const bystander = await t.injectAs(await t.createUser());
    const client = await t.injectAs(user);
    await client.put('/v1/user/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect((await bystander.get('/v1/user')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const otherDevice = await t.injectAs(user);
    const res = await client.put('/v1/user/password', {
      current_password: 'not the password',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      current_password: ['The provided password does not match your current password.'],
    });
    expect((await otherDevice.get('/v1/user')).statusCode).toBe(200);
    const guest = await t.guest();
    expect((await guest.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match, and a short password', async () => {
    const client = await t.injectAs(await t.createUser());
    const mismatch = await client.put('/v1/user/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: `${NEW_PASSWORD}!`,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
    const short = await client.put('/v1/user/password', {
      current_password: PASSWORD,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['The password must be at least 10 characters.']);
  });
});

describe('/v1/user/settings', () => {
  it('defaults items_per_page to 25, then keeps what was saved', async () => {
    const user = await t.createUser();
    const client = await t.injectAs(user);
    const DEFAULTS = { items_per_page: 25, email_approvals: true, email_syncs: true };
    expect((await client.get('/v1/user/settings')).json()).toEqual({ data: DEFAULTS });
    const saved = await client.put('/v1/user/settings', { items_per_page: 50 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { ...DEFAULTS, items_per_page: 50 } });
    expect((await client.get('/v1/user/settings')).json()).toEqual({
      data: { ...DEFAULTS, items_per_page: 50 },
    });
    // What a PUT leaves out stays as it is: an e-mail opt-out survives a page-size change.
    await client.put('/v1/user/settings', { email_syncs: false });
    await client.put('/v1/user/settings', { items_per_page: 10 });
    expect((await client.get('/v1/user/settings')).json().data).toEqual({
      ...DEFAULTS,
      items_per_page: 10,
      email_syncs: false,
    });
    // Per user: someone else still has the default.
    const other = await t.injectAs(await t.createUser());
    expect((await other.get('/v1/user/settings')).json()).toEqual({ data: DEFAULTS });
  });

  it('keeps other stored settings when saving', async () => {
    const user = await t.createUser();
    await t.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ other: 'kept', items_per_page: 7 }) })
      .where('id', '=', user.id)
      .execute();
    const client = await t.injectAs(user);
    // A stored value outside the choices reads as the default.
    expect((await client.get('/v1/user/settings')).json().data.items_per_page).toBe(25);
    await client.put('/v1/user/settings', { items_per_page: 100 });
    const row = await t.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toEqual({ other: 'kept', items_per_page: 100 });
  });

  it('accepts only 10, 25, 50 or 100', async () => {
    const client = await t.injectAs(await t.createUser());
    for (const value of [0, 20, -1, 1000, '25', null]) {
      const res = await client.put('/v1/user/settings', { items_per_page: value });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['items_per_page']);
    }
    expect((await client.get('/v1/user/settings')).json().data.items_per_page).toBe(25);
  });

  it('needs a session', async () => {
    expect((await (await t.guest()).get('/v1/user/settings')).statusCode).toBe(401);
  });
});
