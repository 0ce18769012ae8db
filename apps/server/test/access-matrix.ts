import { PERMISSIONS, type Section } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from './helper';

export type Role = 'admin' | 'editor' | 'qa' | 'none' | 'guest';

export interface AccessRoute<F> {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: F) => string;
  body?: (f: F) => unknown;
  /** The success status for a user who may do it. */
  ok: number;
  /** Whether qa may do it: reads, and status moves out of quality assurance/testing. */
  qa: boolean;
  /** Acts on one item (so another company's item must be a 404). */
  scoped: boolean;
}

/** What the standard rows act on: an item in quality assurance and a soft-deleted one. */
export interface ResourceFixture {
  id: number;
  deletedId: number;
}

/**
 * The rows every slice built on the kit has (list, show, history, qa's status move, delete, clone,
 * restore, bulk status/delete/restore) for the resource at `base` (e.g. `/v1/creatives`); a slice
 * adds its own (create and edit bodies, sub-resources).
 */
export function resourceAccessRoutes<F extends ResourceFixture>(base: string): AccessRoute<F>[] {
  const bulk = (name: string, body: (f: F) => unknown, qa: boolean): AccessRoute<F> => ({
    name,
    method: 'POST',
    url: () => `${base}/bulk`,
    body,
    ok: 200,
    qa,
    scoped: false,
  });
  return [
    { name: 'list', method: 'GET', url: () => `${base}/`, ok: 200, qa: true, scoped: false },
    { name: 'list (no slash)', method: 'GET', url: () => base, ok: 200, qa: true, scoped: false },
    { name: 'show', method: 'GET', url: (f) => `${base}/${f.id}`, ok: 200, qa: true, scoped: true },
    {
      name: 'show with history',
      method: 'GET',
      url: (f) => `${base}/${f.id}?include=history`,
      ok: 200,
      qa: true,
      scoped: true,
    },
    {
      name: 'status move out of quality assurance',
      method: 'PUT',
      url: (f) => `${base}/${f.id}`,
      body: () => ({ status: 'ready' }),
      ok: 200,
      qa: true,
      scoped: true,
    },
    { name: 'delete', method: 'DELETE', url: (f) => `${base}/${f.id}`, ok: 204, qa: false, scoped: true },
    { name: 'clone', method: 'POST', url: (f) => `${base}/${f.id}/clone`, ok: 201, qa: false, scoped: true },
    {
      name: 'restore',
      method: 'POST',
      url: (f) => `${base}/${f.deletedId}/restore`,
      ok: 200,
      qa: false,
      scoped: true,
    },
    bulk('bulk status', (f) => ({ action: 'status', status: 'testing', ids: [f.id] }), true),
    bulk('bulk delete', (f) => ({ action: 'delete', ids: [f.id] }), false),
    bulk('bulk restore', (f) => ({ action: 'restore', ids: [f.deletedId] }), false),
  ];
}

export interface AccessMatrixOptions<F> {
  section: Section;
  routes: readonly AccessRoute<F>[];
  /** Makes what one request acts on, in the given company (a fresh one per request). */
  fixture: (t: TestApp, companyId: number) => Promise<F>;
  /** Everything a refused request must leave as it was (rows, audit entries, copies…). */
  snapshot: (t: TestApp, f: F) => Promise<unknown>;
}

export interface AccessMatrix {
  readonly t: TestApp;
  readonly clients: Record<Role, Client>;
  /** Another company, for scoping tests of the slice's own. */
  readonly otherCompany: number;
}

/**
 * docs/design.md §6 for one slice, per route: admin and `edit <section>` may do everything, qa only
 * what the route allows, a user with every other section's permissions gets 403, a guest 401; a
 * refused request changes nothing; another company's item answers 404 everywhere and stays as it was.
 */
export function describeAccessMatrix<F>({
  section,
  routes,
  fixture,
  snapshot,
}: AccessMatrixOptions<F>): AccessMatrix {
  const state = {} as { t: TestApp; clients: Record<Role, Client>; otherCompany: number };
  beforeAll(async () => {
    const t = await buildTestApp();
    const others = PERMISSIONS.filter((p) => p !== `edit ${section}` && p !== 'qa');
    state.t = t;
    state.clients = {
      admin: await t.injectAs(await t.createUser({ roles: ['admin'] })),
      editor: await t.injectAs(await t.createUser({ permissions: [`edit ${section}`] })),
      qa: await t.injectAs(await t.createUser({ permissions: ['qa'] })),
      none: await t.injectAs(await t.createUser({ permissions: others })),
      guest: await t.guest(),
    };
    state.otherCompany = await t.createCompany();
  });
  afterAll(() => state.t.close());

  const call = (client: Client, route: AccessRoute<F>, f: F) =>
    client.inject({
      method: route.method,
      url: route.url(f),
      payload: route.body?.(f) as object | undefined,
    });

  const expected = (role: Role, route: AccessRoute<F>) =>
    role === 'guest' ? 401 : role === 'none' ? 403 : role === 'qa' && !route.qa ? 403 : route.ok;

  describe(`${section}: permission matrix`, () => {
    for (const role of ['admin', 'editor', 'qa', 'none', 'guest'] as const) {
      it.each(routes.map((route) => [route.name, route] as const))(`${role}: %s`, async (_name, route) => {
        const { t } = state;
        const f = await fixture(t, t.companyId);
        const before = await snapshot(t, f);
        const res = await call(state.clients[role], route, f);
        expect(res.statusCode, res.body).toBe(expected(role, route));
        if (res.statusCode >= 400) expect(await snapshot(t, f)).toEqual(before);
      });
    }
  });

  describe(`${section}: another company's item is a 404 everywhere`, () => {
    it.each(routes.filter((r) => r.scoped).map((route) => [route.name, route] as const))(
      '%s',
      async (_name, route) => {
        const { t } = state;
        const foreign = await fixture(t, state.otherCompany);
        const before = await snapshot(t, foreign);
        for (const role of ['admin', 'editor'] as const) {
          const res = await call(state.clients[role], route, foreign);
          expect(res.statusCode, `${role} ${res.body}`).toBe(404);
          expect(res.json()).toEqual({ message: 'Cannot find this item' });
        }
        expect(await snapshot(t, foreign)).toEqual(before);
      },
    );
  });

  return state;
}
