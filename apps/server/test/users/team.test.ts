import {
  EMAIL_TAKEN,
  INVITATION_INVALID,
  LAST_ADMIN,
  NOT_INVITED,
  PERMISSIONS,
  RESET_ASK_ADMIN,
  RESET_INVALID,
  UNAUTHENTICATED_MESSAGE,
} from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/tokens';
import { buildTestApp, type Client, engine, PASSWORD, type TestApp } from '../helper';

/**
 * The team in Settings (docs/design.md §13): admins only; invitations single-use and expiring;
 * permissions seen on the next request; a deactivated user's session and token stop at once; the
 * company keeps an active admin. Without SMTP_URL (as here) the invitation's link is answered once.
 */
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(() => t.close());

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

const invite = async (body: object) => {
  const res = await admin.post('/v1/users/invitations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; invitation_url: string; expires_at: string; status: string };
};

/** Joins through a link as a browser without a session would: the answer signs them in. */
const accept = async (token: string, password = 'a new password 1') => {
  const guest = await t.guest();
  const res = await guest.post('/auth/invitation', { token, password, password_confirmation: password });
  return { res, guest };
};

describe(`the team (${engine})`, () => {
  it('is for admins: every permission and qa get 403, another company’s user is 404', async () => {
    for (const permission of PERMISSIONS) {
      const client = await t.injectAs(await t.createUser({ permissions: [permission] }));
      expect((await client.get('/v1/users')).statusCode).toBe(403);
      expect(
        (await client.post('/v1/users/invitations', { email: 'x@example.com', name: 'X' })).statusCode,
      ).toBe(403);
    }
    const other = await t.createUser({ companyId: await t.createCompany(), roles: ['admin'] });
    expect((await admin.put(`/v1/users/${other.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await admin.post(`/v1/users/${other.id}/deactivate`)).statusCode).toBe(404);
    const listed = (await admin.get('/v1/users?items-per-page=-1')).json().data as { id: number }[];
    expect(listed.map((row) => row.id)).not.toContain(other.id);
  });

  it('invites with the fixed shape, lists the invited user, and the link joins once', async () => {
    const created = await invite({
      email: 'New.Colleague@Example.com',
      name: 'New Colleague',
      permissions: ['edit campaigns'],
    });
    expect(created).toMatchObject({
      email: 'new.colleague@example.com',
      name: 'New Colleague',
      status: 'invited',
      roles: [],
      permissions: ['edit campaigns'],
    });
    expect(Object.keys(created).sort()).toEqual(
      [
        'email',
        'expires_at',
        'id',
        'invitation_url',
        'invited_at',
        'name',
        'permissions',
        'roles',
        'status',
      ].sort(),
    );
    const token = tokenOf(created.invitation_url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored as its hash only.
    const link = await t.db
      .selectFrom('user_links')
      .selectAll()
      .where('user_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(link.token_hash).toBe(sha256(token));
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(7 * 86_400_000);

    const listed = (await admin.get('/v1/users?status=invited')).json().data as {
      id: number;
      expires_at: string;
    }[];
    expect(listed.find((row) => row.id === created.id)?.expires_at).toBe(created.expires_at);
    // An invited user cannot sign in yet: the same answer as a wrong password.
    const guest = await t.guest();
    const refused = await guest.post('/auth/login', { email: 'new.colleague@example.com', password: '' });
    expect(refused.statusCode).toBe(422);

    const { res, guest: joined } = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, permissions: ['edit campaigns'] });
    expect((await joined.get('/v1/user')).json().data.id).toBe(created.id);
    expect((await joined.get('/v1/campaigns')).statusCode).toBe(200);

    const again = await accept(token);
    expect(again.res.statusCode).toBe(422);
    expect(again.res.json().errors.token).toEqual([INVITATION_INVALID]);
    const row = (await admin.get(`/v1/users?filter=new.colleague`)).json().data[0];
    expect(row).toMatchObject({ status: 'active', expires_at: null });
    expect(row.last_sign_in_at).not.toBeNull();
  });

  it('refuses a taken email, an expired link, and a resent invitation’s old link', async () => {
    const taken = await admin.post('/v1/users/invitations', {
      email: 'new.colleague@example.com',
      name: 'Twice',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([EMAIL_TAKEN]);

    const first = await invite({ email: 'resend@example.com', name: 'Resend' });
    const resent = await admin.post(`/v1/users/${first.id}/invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await accept(tokenOf(first.invitation_url))).res.statusCode).toBe(422);

    const late = await invite({ email: 'late@example.com', name: 'Late' });
    await t.db
      .updateTable('user_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', late.id)
      .execute();
    expect((await accept(tokenOf(late.invitation_url))).res.statusCode).toBe(422);

    expect((await accept(tokenOf(resent.json().data.invitation_url))).res.statusCode).toBe(200);
  });

  it('revokes an invitation: the invited user goes; a joined one has none to revoke', async () => {
    const pending = await invite({ email: 'revoke@example.com', name: 'Revoke' });
    expect((await admin.delete(`/v1/users/${pending.id}/invitation`)).statusCode).toBe(204);
    expect((await accept(tokenOf(pending.invitation_url))).res.statusCode).toBe(422);
    const joined = await t.createUser();
    const refused = await admin.delete(`/v1/users/${joined.id}/invitation`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id).toEqual([NOT_INVITED]);
  });

  it('changes permissions and role: the user’s very next request sees it, and it is audited', async () => {
    const user = await t.createUser({ permissions: ['edit campaigns'] });
    const client = await t.injectAs(user);
    expect((await client.get('/v1/conditions')).statusCode).toBe(403);
    const changed = await admin.put(`/v1/users/${user.id}`, { permissions: ['edit conditions'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await client.get('/v1/conditions')).statusCode).toBe(200);
    expect((await client.get('/v1/campaigns')).statusCode).toBe(403);
    const patched = await admin.inject({
      method: 'PATCH',
      url: `/v1/users/${user.id}`,
      payload: { roles: ['admin'] },
    });
    expect(patched.json().data.roles).toEqual(['admin']);
    expect((await client.get('/v1/users')).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['updated', 'updated']);
  });

  it('deactivates: the open session and the access token answer 401 at once; sign-in is refused as a wrong password', async () => {
    const user = await t.createUser({ permissions: ['edit campaigns'] });
    const client = await t.injectAs(user);
    const token = (await client.post('/v1/user/tokens', { name: 'Script', abilities: ['read'] })).json().data
      .token;
    const bearer = () =>
      t.app.inject({ method: 'GET', url: '/v1/campaigns', headers: { authorization: `Bearer ${token}` } });
    expect((await bearer()).statusCode).toBe(200);

    const res = await admin.post(`/v1/users/${user.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'deactivated' });
    const next = await client.get('/v1/campaigns');
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(UNAUTHENTICATED_MESSAGE);
    expect((await bearer()).statusCode).toBe(401);

    const guest = await t.guest();
    const wrong = await guest.post('/auth/login', { email: user.email, password: 'not the password' });
    const deactivated = await guest.post('/auth/login', { email: user.email, password: PASSWORD });
    expect(deactivated.statusCode).toBe(wrong.statusCode);
    expect(deactivated.json()).toEqual(wrong.json());

    expect((await admin.post(`/v1/users/${user.id}/activate`)).json().data.status).toBe('active');
    expect((await guest.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('resets passwords through an admin’s link when no e-mail goes out; the sign-in page is told to ask an admin', async () => {
    const guest = await t.guest();
    const asked = await guest.post('/auth/forgot-password', { email: 'anyone@example.com' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(RESET_ASK_ADMIN);

    const user = await t.createUser();
    const client = await t.injectAs(user);
    const made = await admin.post(`/v1/users/${user.id}/password-reset`);
    expect(made.statusCode, made.body).toBe(200);
    const token = tokenOf(made.json().data.reset_url);
    expect(Date.parse(made.json().data.expires_at) - Date.now()).toBeLessThanOrEqual(3_600_000);
    const password = 'reset by my admin';
    const body = { token, password, password_confirmation: password };
    expect((await guest.post('/auth/reset-password', body)).statusCode).toBe(200);
    expect((await client.get('/v1/user')).statusCode).toBe(401);
    const again = await (await t.guest()).post('/auth/reset-password', body);
    expect(again.json().errors.token).toEqual([RESET_INVALID]);
    expect((await (await t.guest()).post('/auth/login', { email: user.email, password })).statusCode).toBe(
      200,
    );
  });

  it('keeps an active admin: the last one can be neither demoted nor deactivated', async () => {
    const company = await t.createCompany();
    const only = await t.createUser({ companyId: company, roles: ['admin'] });
    const client = await t.injectAs(only);
    const demoted = await client.put(`/v1/users/${only.id}`, { roles: [] });
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json().errors.roles).toEqual([LAST_ADMIN]);
    const deactivated = await client.post(`/v1/users/${only.id}/deactivate`);
    expect(deactivated.statusCode).toBe(422);
    expect(deactivated.json().errors.status).toEqual([LAST_ADMIN]);
    // With a second admin, the first may go.
    const second = await t.createUser({ companyId: company, roles: ['admin'] });
    expect((await client.put(`/v1/users/${second.id}`, { name: 'Second admin' })).statusCode).toBe(200);
    expect((await client.post(`/v1/users/${only.id}/deactivate`)).statusCode).toBe(200);
  });
});
