import { describe, expect, it } from 'vitest';
import { type AccessRoute, describeAccessMatrix } from '../access-matrix';
import type { TestApp } from '../helper';
import { INSERTED_AT, insertCondition, insertDataSource } from './fixtures';

/** The conditions section (docs/design.md §6): conditions and data sources. */
interface Fixture {
  id: number;
  deletedId: number;
  sourceId: number;
  deletedSourceId: number;
}
let seq = 0;

/** A live and a deleted condition and data source, fresh for each request. */
async function fixture(t: TestApp, companyId: number): Promise<Fixture> {
  const n = ++seq;
  return {
    id: await insertCondition(t.db, { companyId, name: `Access ${n}` }),
    deletedId: await insertCondition(t.db, { companyId, name: `Access gone ${n}`, deleted: true }),
    sourceId: await insertDataSource(t.db, { companyId, name: `Access source ${n}` }),
    deletedSourceId: await insertDataSource(t.db, {
      companyId,
      name: `Access source gone ${n}`,
      deleted: true,
    }),
  };
}

/** The rows and audit entries a refused request must leave alone. */
const snapshot = async (t: TestApp, f: Fixture) => ({
  conditions: await t.db
    .selectFrom('conditions')
    .selectAll()
    .where('id', 'in', [f.id, f.deletedId])
    .orderBy('id')
    .execute(),
  sources: await t.db
    .selectFrom('data_sources')
    .selectAll()
    .where('id', 'in', [f.sourceId, f.deletedSourceId])
    .orderBy('id')
    .execute(),
  audit: await t.db
    .selectFrom('audit_log')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('entity_type', '=', 'condition'), eb('entity_id', 'in', [f.id, f.deletedId])]),
        eb.and([
          eb('entity_type', '=', 'data_source'),
          eb('entity_id', 'in', [f.sourceId, f.deletedSourceId]),
        ]),
      ]),
    )
    .execute(),
});

const condition = { logic: 'all', predicates: [{ field: 'device', operator: 'eq', value: 'mobile' }] };

const ROUTES: AccessRoute<Fixture>[] = [
  { name: 'list conditions', method: 'GET', url: () => '/v1/conditions/', ok: 200, qa: true, scoped: false },
  {
    name: 'list conditions (no slash)',
    method: 'GET',
    url: () => '/v1/conditions',
    ok: 200,
    qa: true,
    scoped: false,
  },
  {
    name: 'show condition',
    method: 'GET',
    url: (f) => `/v1/conditions/${f.id}`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'create condition',
    method: 'POST',
    url: () => '/v1/conditions',
    body: () => ({ name: `Created ${++seq}`, ...condition }),
    ok: 201,
    qa: false,
    scoped: false,
  },
  {
    name: 'edit condition',
    method: 'PUT',
    url: (f) => `/v1/conditions/${f.id}`,
    body: () => ({ name: `Edited ${++seq}`, updated_at: INSERTED_AT }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'delete condition',
    method: 'DELETE',
    url: (f) => `/v1/conditions/${f.id}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
  {
    name: 'restore condition',
    method: 'POST',
    url: (f) => `/v1/conditions/${f.deletedId}/restore`,
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'simulate condition',
    method: 'POST',
    url: (f) => `/v1/conditions/${f.id}/simulate`,
    body: () => ({ device: 'mobile' }),
    ok: 200,
    qa: true,
    scoped: true,
  },
  { name: 'list data sources', method: 'GET', url: () => '/v1/datasource', ok: 200, qa: true, scoped: false },
  {
    name: 'show data source',
    method: 'GET',
    url: (f) => `/v1/datasource/${f.sourceId}`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'create data source',
    method: 'POST',
    url: () => '/v1/datasource',
    body: () => ({ name: `Created source ${++seq}`, url: 'https://api.example.com/v' }),
    ok: 201,
    qa: false,
    scoped: false,
  },
  {
    name: 'edit data source',
    method: 'PUT',
    url: (f) => `/v1/datasource/${f.sourceId}`,
    body: () => ({ name: `Edited source ${++seq}`, updated_at: INSERTED_AT }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'delete data source',
    method: 'DELETE',
    url: (f) => `/v1/datasource/${f.sourceId}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
  {
    name: 'restore data source',
    method: 'POST',
    url: (f) => `/v1/datasource/${f.deletedSourceId}/restore`,
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    // An internal address: refused by the SSRF guard without any traffic, still a 200 test result.
    name: 'test a definition',
    method: 'POST',
    url: () => '/v1/datasource/test',
    body: () => ({ url: 'http://127.0.0.1:9/value' }),
    ok: 200,
    qa: false,
    scoped: false,
  },
  {
    name: 'test a saved data source',
    method: 'POST',
    url: () => '/v1/datasource/test',
    body: (f) => ({ id: f.sourceId, url: 'http://127.0.0.1:9/value' }),
    ok: 200,
    qa: false,
    scoped: true,
  },
];

const matrix = describeAccessMatrix({ section: 'conditions', routes: ROUTES, fixture, snapshot });

describe('conditions section beyond the matrix', () => {
  it("lists never show another company's conditions or data sources", async () => {
    const foreign = await fixture(matrix.t, matrix.otherCompany);
    const conditions = (await matrix.clients.admin.get('/v1/conditions?items-per-page=-1')).json();
    expect(conditions.data.map((c: { id: number }) => c.id)).not.toContain(foreign.id);
    const sources = (await matrix.clients.admin.get('/v1/datasource?items-per-page=-1')).json();
    expect(sources.data.map((s: { id: number }) => s.id)).not.toContain(foreign.sourceId);
  });
});
