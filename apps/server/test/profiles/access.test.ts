import { describe, expect, it } from 'vitest';
import { type AccessRoute, describeAccessMatrix } from '../access-matrix';
import type { TestApp } from '../helper';
import { engine } from '../helper';
import { insertProfile, insertTemplate, stamp } from '../rows';

/** The profiles section (docs/design.md §6): profiles, their rules and templates, syncs. */
interface Fixture {
  id: number;
  updatedAt: string;
  templateId: number;
  templateUpdatedAt: string;
}
let seq = 0;

/** A profile and a template, fresh for each request. */
async function fixture(t: TestApp, companyId: number): Promise<Fixture> {
  const n = ++seq;
  const updatedAt = stamp();
  const templateUpdatedAt = stamp();
  return {
    id: await insertProfile(t.db, { companyId, name: `Access feed ${n}`, updatedAt }),
    updatedAt,
    templateId: await insertTemplate(t.db, {
      companyId,
      name: `Access template ${n}`,
      updatedAt: templateUpdatedAt,
    }),
    templateUpdatedAt,
  };
}

/** The rows and audit entries a refused request must leave alone. */
const snapshot = async (t: TestApp, f: Fixture) => ({
  profiles: await t.db.selectFrom('profiles').selectAll().where('id', '=', f.id).execute(),
  templates: await t.db.selectFrom('profile_templates').selectAll().where('id', '=', f.templateId).execute(),
  audit: await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_type', '=', 'profile')
    .where('entity_id', '=', f.id)
    .execute(),
});

const columns = [{ name: 'Price', type: 'number', required: true }];

const ROUTES: AccessRoute<Fixture>[] = [
  { name: 'list profiles', method: 'GET', url: () => '/v1/profiles/', ok: 200, qa: true, scoped: false },
  {
    name: 'show profile',
    method: 'GET',
    url: (f) => `/v1/profiles/${f.id}`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'rename profile',
    method: 'PUT',
    url: (f) => `/v1/profiles/${f.id}`,
    body: (f) => ({ name: `Renamed feed ${++seq}`, updated_at: f.updatedAt }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'delete profile',
    method: 'DELETE',
    url: (f) => `/v1/profiles/${f.id}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
  {
    name: 'list templates',
    method: 'GET',
    url: () => '/v1/profile-templates/',
    ok: 200,
    qa: true,
    scoped: false,
  },
  {
    name: 'show template',
    method: 'GET',
    url: (f) => `/v1/profile-templates/${f.templateId}`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'create template',
    method: 'POST',
    url: () => '/v1/profile-templates',
    body: () => ({ name: `Created template ${++seq}`, columns }),
    ok: 201,
    qa: false,
    scoped: false,
  },
  {
    name: 'edit template',
    method: 'PUT',
    url: (f) => `/v1/profile-templates/${f.templateId}`,
    body: (f) => ({ name: `Edited template ${++seq}`, columns, updated_at: f.templateUpdatedAt }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'delete template',
    method: 'DELETE',
    url: (f) => `/v1/profile-templates/${f.templateId}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
];

const matrix = describeAccessMatrix({ section: 'profiles', routes: ROUTES, fixture, snapshot });

describe(`PUT /v1/profile-templates/{id} refuses lost updates (${engine})`, () => {
  const put = (id: number, payload: object, headers: Record<string, string> = {}) =>
    matrix.clients.editor.inject({ method: 'PUT', url: `/v1/profile-templates/${id}`, headers, payload });

  it('lets one of 10 concurrent edits with the same If-Match win; the others get 409', async () => {
    const f = await fixture(matrix.t, matrix.t.companyId);
    const read = (await matrix.clients.editor.get(`/v1/profile-templates/${f.templateId}`)).json().data;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        put(f.templateId, { name: `Writer ${i} ${++seq}`, columns }, { 'if-match': `"${read.updated_at}"` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    const winner = answers.find((res) => res.statusCode === 200)!.json().data;
    const row = await matrix.t.db
      .selectFrom('profile_templates')
      .selectAll()
      .where('id', '=', f.templateId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(winner.name);
  });

  it('answers 409 to a stale If-Match and leaves the template as it was; no version is unconditional', async () => {
    const f = await fixture(matrix.t, matrix.t.companyId);
    const before = await snapshot(matrix.t, f);
    const stale = await put(
      f.templateId,
      { name: `Stale ${++seq}`, columns },
      { 'if-match': new Date(Date.parse(f.templateUpdatedAt) - 60_000).toISOString() },
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await snapshot(matrix.t, f)).toEqual(before);
    const unconditional = await put(f.templateId, { name: `Unconditional ${++seq}`, columns });
    expect(unconditional.statusCode, unconditional.body).toBe(200);
  });
});
