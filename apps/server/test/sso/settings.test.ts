import {
  PERMISSIONS,
  SSO_BREAK_GLASS_INVALID,
  SSO_CALLBACK_PATH,
  SSO_DOMAIN_TAKEN,
  SSO_ISSUER_HTTPS,
  SSO_NEEDS_SESSION,
  SSO_SECRET_REQUIRED,
} from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';

/**
 * Settings → SSO: admins only (every permission and qa 403), signed in only (no token), one
 * company's settings invisible to another, 422s on their fields, the secret sealed and never answered.
 */
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(() => t.close());

const body = (changes: object = {}) => ({
  issuer: 'https://login.example.com',
  client_id: 'adstudio',
  client_secret: 'the client secret',
  domains: ['acme.example'],
  ...changes,
});

describe(`SSO settings (${engine})`, () => {
  it('answers null before any, then the settings without the secret; the secret is kept when left out', async () => {
    expect((await admin.get('/v1/sso')).json()).toEqual({ data: null });
    const saved = await admin.put(
      '/v1/sso',
      body({ domains: ['Acme.example', 'acme.example', 'b.example'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      issuer: 'https://login.example.com',
      client_id: 'adstudio',
      has_secret: true,
      domains: ['acme.example', 'b.example'],
      mode: 'invited',
      required: false,
      redirect_uri: `${t.config.appUrl}${SSO_CALLBACK_PATH}`,
    });
    expect(saved.body).not.toContain('the client secret');
    const row = await t.db.selectFrom('company_sso').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain('the client secret');
    expect(row.client_secret).toMatch(/^v1\./);

    const kept = await admin.put(
      '/v1/sso',
      body({ client_secret: undefined, mode: 'jit', domains: ['acme.example', 'b.example'] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await t.db.selectFrom('company_sso').selectAll().executeTakeFirstOrThrow();
    expect(after.client_secret).toBe(row.client_secret);
    expect((await admin.get('/v1/sso')).json().data).toMatchObject({ mode: 'jit', has_secret: true });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'sso')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['created', 'updated']);
    expect(audit.map((entry) => entry.changes).join()).not.toContain('the client secret');
  });

  it('refuses on the field: http issuer, no secret at first, another company’s domain, a non-admin break-glass', async () => {
    const other = await t.createCompany();
    const otherAdmin = await t.injectAs(await t.createUser({ companyId: other, roles: ['admin'] }));
    const expect422 = async (client: Client, payload: object, field: string, message: string) => {
      const res = await client.put('/v1/sso', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    };
    await expect422(otherAdmin, body({ issuer: 'http://login.example.com' }), 'issuer', SSO_ISSUER_HTTPS);
    await expect422(otherAdmin, body({ client_secret: undefined }), 'client_secret', SSO_SECRET_REQUIRED);
    await expect422(otherAdmin, body({ domains: ['b.example'] }), 'domains', SSO_DOMAIN_TAKEN);
    const member = await t.createUser({ companyId: other });
    await expect422(
      otherAdmin,
      body({ domains: ['c.example'], break_glass_user_ids: [member.id] }),
      'break_glass_user_ids',
      SSO_BREAK_GLASS_INVALID,
    );
    const mine = await t.createUser({ roles: ['admin'] });
    await expect422(
      otherAdmin,
      body({ domains: ['c.example'], break_glass_user_ids: [mine.id] }),
      'break_glass_user_ids',
      SSO_BREAK_GLASS_INVALID,
    );
    const internal = await otherAdmin.put('/v1/sso', body({ issuer: 'https://127.0.0.1/' }));
    expect(internal.statusCode).toBe(422);
    expect(Object.keys(internal.json().errors)).toEqual(['issuer']);
    const bad = await otherAdmin.put('/v1/sso', body({ domains: ['not a domain'], mode: 'everyone' }));
    expect(Object.keys(bad.json().errors).sort()).toEqual(['domains.0', 'mode']);

    // Another company's settings are its own: this admin sees none, and the first company's stay.
    expect((await otherAdmin.get('/v1/sso')).json()).toEqual({ data: null });
    const glass = await t.createUser({ companyId: other, roles: ['admin'] });
    const saved = await otherAdmin.put(
      '/v1/sso',
      body({ domains: ['c.example'], break_glass_user_ids: [glass.id] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.break_glass_user_ids).toEqual([glass.id]);
    expect((await admin.get('/v1/sso')).json().data.domains).toEqual(['acme.example', 'b.example']);
    expect((await otherAdmin.delete('/v1/sso')).statusCode).toBe(204);
    expect((await admin.get('/v1/sso')).json().data.domains).toEqual(['acme.example', 'b.example']);
    const flags = await t.db
      .selectFrom('users')
      .select('sso_break_glass')
      .where('id', '=', glass.id)
      .executeTakeFirstOrThrow();
    expect(flags.sso_break_glass).toBe(0);
  });

  it('is for admins signed in: every permission and qa 403, a token 403, a guest 401', async () => {
    const before = await t.db.selectFrom('company_sso').selectAll().execute();
    for (const permission of PERMISSIONS) {
      const client = await t.injectAs(await t.createUser({ permissions: [permission] }));
      expect((await client.get('/v1/sso')).statusCode, permission).toBe(403);
      expect((await client.put('/v1/sso', body())).statusCode, permission).toBe(403);
      expect((await client.delete('/v1/sso')).statusCode, permission).toBe(403);
    }
    const token = await admin.post('/v1/user/tokens', { name: 'script', abilities: ['read', 'write'] });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/v1/sso',
      headers: { authorization: `Bearer ${token.json().data.token}` },
    });
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json().message).toBe(SSO_NEEDS_SESSION);
    expect((await (await t.guest()).get('/v1/sso')).statusCode).toBe(401);
    // Nothing refused changed anything.
    expect(await t.db.selectFrom('company_sso').selectAll().execute()).toEqual(before);
  });

  it('turns off: settings and domains go, the answer is null again', async () => {
    expect((await admin.delete('/v1/sso')).statusCode).toBe(204);
    expect((await admin.get('/v1/sso')).json()).toEqual({ data: null });
    expect(await t.db.selectFrom('company_sso_domains').selectAll().execute()).toEqual([]);
    expect((await admin.delete('/v1/sso')).statusCode).toBe(204);
  });
});
