import { PERMISSIONS } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { auditOf, INSERTED_AT, insertMediaEntity, rowOf } from './fixtures';

/**
 * docs/design.md §6: "Media entities are managed by admins and read by anyone who may edit campaigns."
 * Not the shared section matrix (test/access-matrix.ts): here `edit campaigns` grants reading only,
 * qa nothing, and writes need the admin role.
 */
type Role = 'admin' | 'campaignEditor' | 'everyPermission' | 'qa' | 'none' | 'guest';

interface Fixture {
  id: number;
  deletedId: number;
}

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string;
  url: (f: Fixture) => string;
  body?: () => object;
  ok: number;
  /** Campaign editors may call it (reads). */
  read: boolean;
  /** Acts on one publisher (so another company's one must be a 404). */
  scoped: boolean;
}

let seq = 0;
const ROUTES: Route[] = [
  {
    name: 'list',
    method: 'GET',
    pattern: '/v1/media-entities',
    url: () => '/v1/media-entities/',
    ok: 200,
    read: true,
    scoped: false,
  },
  {
    name: 'show',
    method: 'GET',
    pattern: '/v1/media-entities/:id',
    url: (f) => `/v1/media-entities/${f.id}`,
    ok: 200,
    read: true,
    scoped: true,
  },
  {
    name: 'create',
    method: 'POST',
    pattern: '/v1/media-entities',
    url: () => '/v1/media-entities',
    body: () => ({ name: `Created ${++seq}` }),
    ok: 201,
    read: false,
    scoped: false,
  },
  {
    name: 'edit',
    method: 'PUT',
    pattern: '/v1/media-entities/:id',
    url: (f) => `/v1/media-entities/${f.id}`,
    body: () => ({ contact_name: `Edited ${++seq}`, updated_at: INSERTED_AT }),
    ok: 200,
    read: false,
    scoped: true,
  },
  {
    name: 'delete',
    method: 'DELETE',
    pattern: '/v1/media-entities/:id',
    url: (f) => `/v1/media-entities/${f.id}`,
    ok: 204,
    read: false,
    scoped: true,
  },
  {
    name: 'restore',
    method: 'POST',
    pattern: '/v1/media-entities/:id/restore',
    url: (f) => `/v1/media-entities/${f.deletedId}/restore`,
    ok: 200,
    read: false,
    scoped: true,
  },
];

let t: TestApp;
let clients: Record<Role, Client>;
let otherCompany: number;

beforeAll(async () => {
  t = await buildTestApp();
  clients = {
    admin: await t.injectAs(await t.createUser({ roles: ['admin'] })),
    campaignEditor: await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] })),
    // Every permission there is, but not the admin role: reads, and still no writes.
    everyPermission: await t.injectAs(await t.createUser({ permissions: [...PERMISSIONS] })),
    qa: await t.injectAs(await t.createUser({ permissions: ['qa'] })),
    none: await t.injectAs(
      await t.createUser({ permissions: PERMISSIONS.filter((p) => p !== 'edit campaigns' && p !== 'qa') }),
    ),
    guest: await t.guest(),
  };
  otherCompany = await t.createCompany();
});
afterAll(() => t.close());

const fixture = async (companyId: number): Promise<Fixture> => ({
  id: await insertMediaEntity(t.db, { companyId, name: `Access ${++seq}` }),
  deletedId: await insertMediaEntity(t.db, { companyId, name: `Gone ${seq}`, deleted: true }),
});

/** The rows and audit entries a refused request must leave as they were. */
const snapshot = async (f: Fixture) => ({
  rows: [await rowOf(t.db, f.id), await rowOf(t.db, f.deletedId)],
  audit: [...(await auditOf(t.db, f.id)), ...(await auditOf(t.db, f.deletedId))],
  count: (await t.db.selectFrom('media_entities').select('id').execute()).length,
});

const call = (client: Client, route: Route, f: Fixture, xsrf = true) =>
  client.inject({ method: route.method, url: route.url(f), payload: route.body?.(), xsrf });

const expected = (role: Role, route: Route) => {
  if (role === 'guest') return 401;
  if (role === 'admin') return route.ok;
  if (role === 'campaignEditor' || role === 'everyPermission') return route.read ? route.ok : 403;
  return 403;
};

describe(`media entities: permissions (${engine})`, () => {
  for (const role of ['admin', 'campaignEditor', 'everyPermission', 'qa', 'none', 'guest'] as const) {
    it.each(ROUTES.map((route) => [route.name, route] as const))(`${role}: %s`, async (_name, route) => {
      const f = await fixture(t.companyId);
      const before = await snapshot(f);
      const res = await call(clients[role], route, f);
      expect(res.statusCode, res.body).toBe(expected(role, route));
      expectDocumentedAnswer(t.app.swagger(), { method: route.method, url: route.pattern }, res);
      if (res.statusCode >= 400) expect(await snapshot(f)).toEqual(before);
      if (res.statusCode === 403) expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    });
  }
});

describe(`media entities: another company's publisher is a 404 (${engine})`, () => {
  it.each(ROUTES.filter((r) => r.scoped).map((route) => [route.name, route] as const))(
    '%s',
    async (_name, route) => {
      const foreign = await fixture(otherCompany);
      const before = await snapshot(foreign);
      const roles: Role[] = route.read ? ['admin', 'campaignEditor'] : ['admin'];
      for (const role of roles) {
        const res = await call(clients[role], route, foreign);
        expect(res.statusCode, `${role} ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Cannot find this item' });
        expectDocumentedAnswer(t.app.swagger(), { method: route.method, url: route.pattern }, res);
      }
      expect(await snapshot(foreign)).toEqual(before);
    },
  );

  it('never lists another company’s publishers', async () => {
    const foreign = await fixture(otherCompany);
    const res = await clients.admin.get('/v1/media-entities?items-per-page=-1');
    const ids = res.json().data.map((m: { id: number }) => m.id);
    expect(ids).not.toContain(foreign.id);
    const deleted = await clients.admin.get('/v1/media-entities?items-per-page=-1&deleted=1');
    expect(deleted.json().data.map((m: { id: number }) => m.id)).not.toContain(foreign.deletedId);
  });
});

describe(`media entities: XSRF (${engine})`, () => {
  it.each(ROUTES.filter((r) => r.method !== 'GET').map((route) => [route.name, route] as const))(
    '%s without the X-XSRF-TOKEN header is a 419, even for an admin',
    async (_name, route) => {
      const f = await fixture(t.companyId);
      const before = await snapshot(f);
      const res = await call(clients.admin, route, f, false);
      expect(res.statusCode).toBe(419);
      expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
      expectDocumentedAnswer(t.app.swagger(), { method: route.method, url: route.pattern }, res);
      expect(await snapshot(f)).toEqual(before);
    },
  );
});
