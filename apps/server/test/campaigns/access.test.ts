import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { INSERTED_AT, insertCampaign } from './fixtures';

type Role = 'admin' | 'editor' | 'qa' | 'none';

let t: TestApp;
const clients = {} as Record<Role | 'guest', Client>;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  clients.admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  clients.editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
  clients.qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
  clients.none = await t.injectAs(await t.createUser({ permissions: ['edit creatives', 'edit profiles'] }));
  clients.guest = await t.guest();
});
afterAll(() => t.close());

/** A fresh campaign in quality assurance with a report link, so each request has something to act on. */
async function fixture(companyId = t.companyId) {
  const name = `Access ${++seq}`;
  const id = await insertCampaign(t.db, {
    companyId,
    name,
    status: 'quality assurance',
    url: 'https://access.example.com',
  });
  const link = await t.db
    .insertInto('report_links')
    .values({
      company_id: companyId,
      campaign_id: id,
      token: `token-${seq}-${'x'.repeat(32)}`,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, linkId: link.id, name };
}

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: { id: number; linkId: number }) => string;
  body?: (f: { id: number; linkId: number }) => unknown;
  ok: number;
  /** Whether qa may do it: reads, and status moves out of quality assurance. */
  qa: boolean;
  /** Scoped to one campaign id (so another company's id must be a 404). */
  scoped: boolean;
}

const ROUTES: Route[] = [
  { name: 'list', method: 'GET', url: () => '/v1/campaigns/', ok: 200, qa: true, scoped: false },
  { name: 'list (no slash)', method: 'GET', url: () => '/v1/campaigns', ok: 200, qa: true, scoped: false },
  {
    name: 'create',
    method: 'POST',
    url: () => '/v1/campaigns',
    body: () => ({ name: `Created ${++seq}` }),
    ok: 201,
    qa: false,
    scoped: false,
  },
  { name: 'show', method: 'GET', url: (f) => `/v1/campaigns/${f.id}`, ok: 200, qa: true, scoped: true },
  {
    name: 'show with history',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}?include=history`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'edit',
    method: 'PUT',
    url: (f) => `/v1/campaigns/${f.id}`,
    body: () => ({ name: `Edited ${++seq}`, updated_at: INSERTED_AT }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'status move out of quality assurance',
    method: 'PUT',
    url: (f) => `/v1/campaigns/${f.id}`,
    body: () => ({ status: 'ready' }),
    ok: 200,
    qa: true,
    scoped: true,
  },
  { name: 'delete', method: 'DELETE', url: (f) => `/v1/campaigns/${f.id}`, ok: 204, qa: false, scoped: true },
  {
    name: 'clone',
    method: 'POST',
    url: (f) => `/v1/campaigns/${f.id}/clone`,
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'creatives',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}/creatives`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'approvals',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}/approvals`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'create report link',
    method: 'POST',
    url: (f) => `/v1/campaigns/${f.id}/report/url`,
    body: () => ({}),
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'list report links',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}/report/links`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'revoke report link',
    method: 'DELETE',
    url: (f) => `/v1/campaigns/${f.id}/report/links/${f.linkId}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
  {
    name: 'bulk status',
    method: 'POST',
    url: () => '/v1/campaigns/bulk',
    body: (f) => ({ action: 'status', status: 'testing', ids: [f.id] }),
    ok: 200,
    qa: true,
    scoped: false,
  },
  {
    name: 'bulk delete',
    method: 'POST',
    url: () => '/v1/campaigns/bulk',
    body: (f) => ({ action: 'delete', ids: [f.id] }),
    ok: 200,
    qa: false,
    scoped: false,
  },
];

const call = (client: Client, route: Route, f: { id: number; linkId: number }) =>
  client.inject({ method: route.method, url: route.url(f), payload: route.body?.(f) as object | undefined });

describe('permission matrix', () => {
  const expected = (role: Role | 'guest', route: Route) =>
    role === 'guest' ? 401 : role === 'none' ? 403 : role === 'qa' && !route.qa ? 403 : route.ok;

  for (const role of ['admin', 'editor', 'qa', 'none', 'guest'] as const) {
    it.each(ROUTES.map((route) => [route.name, route] as const))(`${role}: %s`, async (_name, route) => {
      const f = await fixture();
      const res = await call(clients[role], route, f);
      expect(res.statusCode, res.body).toBe(expected(role, route));
      if (res.statusCode >= 400) {
        // A refused request changes nothing.
        const row = await t.db
          .selectFrom('campaigns')
          .selectAll()
          .where('id', '=', f.id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'quality assurance', deleted_at: null, name: f.name });
        const link = await t.db
          .selectFrom('report_links')
          .selectAll()
          .where('id', '=', f.linkId)
          .executeTakeFirstOrThrow();
        expect(link.revoked_at).toBeNull();
        const audit = await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', f.id).execute();
        expect(audit).toEqual([]);
        const copies = await t.db
          .selectFrom('campaigns')
          .select('id')
          .where('name', 'like', `${f.name} (copy%`)
          .execute();
        expect(copies).toEqual([]);
      }
    });
  }

  it('bulk results for qa and writers reflect the per-item rules, not a blanket refusal', async () => {
    const f = await fixture();
    const res = await clients.qa.post('/v1/campaigns/bulk', {
      action: 'status',
      status: 'testing',
      ids: [f.id],
    });
    expect(res.json().data).toEqual([{ id: f.id, ok: true }]);
  });
});

describe('company scoping: another company’s campaign is a 404 everywhere', () => {
  let other: number;
  beforeAll(async () => {
    other = await t.createCompany('Rival');
  });

  it.each(ROUTES.filter((r) => r.scoped).map((route) => [route.name, route] as const))(
    '%s',
    async (_name, route) => {
      const foreign = await fixture(other);
      const before = await t.db
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', foreign.id)
        .executeTakeFirstOrThrow();
      for (const role of ['admin', 'editor'] as const) {
        const res = await call(clients[role], route, foreign);
        expect(res.statusCode, `${role} ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Cannot find this item.' });
      }
      const after = await t.db
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', foreign.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      const link = await t.db
        .selectFrom('report_links')
        .selectAll()
        .where('id', '=', foreign.linkId)
        .executeTakeFirstOrThrow();
      expect(link.revoked_at).toBeNull();
      const links = await t.db
        .selectFrom('report_links')
        .select('id')
        .where('campaign_id', '=', foreign.id)
        .execute();
      expect(links).toHaveLength(1);
      expect(
        await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', foreign.id).execute(),
      ).toEqual([]);
    },
  );

  it('lists and bulk actions never reach another company', async () => {
    const foreign = await fixture(other);
    const list = (await clients.admin.get(`/v1/campaigns/?items-per-page=-1&filter=Access%20${seq}`)).json();
    expect(list.data.map((c: { id: number }) => c.id)).not.toContain(foreign.id);
    for (const body of [
      { action: 'status', status: 'testing', ids: [foreign.id] },
      { action: 'delete', ids: [foreign.id] },
    ]) {
      const res = await clients.admin.post('/v1/campaigns/bulk', body);
      expect(res.json().data).toEqual([{ id: foreign.id, ok: false, message: 'Cannot find this campaign.' }]);
    }
    const row = await t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'quality assurance', deleted_at: null });
  });

  it("a link id of another campaign or company cannot be revoked through this campaign's url", async () => {
    const mine = await fixture();
    const sibling = await fixture();
    const foreign = await fixture(other);
    for (const linkId of [sibling.linkId, foreign.linkId]) {
      const res = await clients.admin.delete(`/v1/campaigns/${mine.id}/report/links/${linkId}`);
      expect(res.statusCode).toBe(404);
    }
    const revoked = await t.db
      .selectFrom('report_links')
      .select('id')
      .where('id', 'in', [sibling.linkId, foreign.linkId])
      .where('revoked_at', 'is not', null)
      .execute();
    expect(revoked).toEqual([]);
  });
});
