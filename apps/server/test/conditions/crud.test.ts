import { conditionInUse, DATA_SOURCE_UNKNOWN, type PredicateValue } from '@adstudio/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertProfile } from '../rows';
import { auditOf, INSERTED_AT, insertCondition, insertDataSource, insertRulesNaming } from './fixtures';

let t: TestApp;
let client: Client;
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.injectAs(await t.createUser({ permissions: ['edit conditions'] }));
});
afterAll(() => t.close());

/** The answer, checked against the OpenAPI document for its route pattern. */
const documented = (res: LightMyRequestResponse, method: string, url: string) => {
  expectDocumentedAnswer(t.app.swagger(), { method, url }, res);
  return res;
};

const predicate = (field: string, operator: string, value: PredicateValue) => ({ field, operator, value });
const weekend = () => ({
  name: unique('Weekend'),
  logic: 'all',
  predicates: [predicate('weekday', 'in', ['sat', 'sun'])],
});

const create = async (body: object) => {
  const res = documented(await client.post('/v1/conditions', body), 'POST', '/v1/conditions');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

const errorsOf = async (body: object, url = '/v1/conditions', method: 'post' | 'put' = 'post') => {
  const res = await client[method](url, body);
  expect(res.statusCode, res.body).toBe(422);
  documented(res, method.toUpperCase(), url.replace(/\/\d+$/, '/:id'));
  return res.json().errors as Record<string, string[]>;
};

describe('POST /v1/conditions', () => {
  it('creates a condition (201), stores {logic, predicates} and audits it', async () => {
    const sourceId = await insertDataSource(t.db, { companyId: t.companyId, name: unique('Weather') });
    const body = {
      name: unique('Cold weekend'),
      logic: 'any',
      predicates: [
        predicate('weekday', 'in', ['sat', 'sun']),
        predicate(`datasource:${sourceId}`, 'lt', 5),
        predicate('param:utm_source', 'eq', 'newsletter'),
        predicate('time', 'between', ['08:00', '12:30']),
      ],
    };
    const data = await create(body);
    expect(data).toMatchObject({ ...body, used_by: [], deleted_at: null });
    const row = await t.db
      .selectFrom('conditions')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.expression)).toEqual({ logic: 'any', predicates: body.predicates });
    expect(row).toMatchObject({ company_id: t.companyId, data_source_id: sourceId });
    const get = documented(await client.get(`/v1/conditions/${data.id}`), 'GET', '/v1/conditions/:id');
    expect(get.json().data).toEqual(data);
    const audit = await auditOf(t.db, 'condition', data.id);
    expect(audit.map((a) => a.action)).toEqual(['created']);
    expect(JSON.parse(audit[0]!.changes).predicates).toEqual([null, body.predicates]);
  });

  it('names each predicate problem on its field', async () => {
    const errors = await errorsOf({
      name: unique('Bad'),
      logic: 'all',
      predicates: [
        predicate('temperature', 'lt', 5),
        predicate('weekday', 'lt', 'sat'),
        predicate('date', 'between', ['2026-12-31', '2026-01-01']),
        predicate('date', 'between', ['2026-01-01']),
        predicate('country', 'in', []),
        predicate('device', 'eq', 'fridge'),
        predicate('param:utm source', 'eq', 'x'),
      ],
    });
    expect(errors).toEqual({
      'predicates.0.field': [
        'The field must be one of date, time, weekday, country, region, city, device, language, param:<name> or datasource:<id>.',
      ],
      'predicates.1.operator': [
        'The operator lt does not apply to weekday; use one of: eq, neq, in, not_in.',
      ],
      'predicates.2.value': ['The first value of between must not be after the second.'],
      'predicates.3.value': ['Between needs two values: from and to.'],
      'predicates.4.value': ['Give at least one value.'],
      'predicates.5.value': ['A device must be one of: desktop, mobile, tablet, ctv.'],
      'predicates.6.field': [
        'The field must be one of date, time, weekday, country, region, city, device, language, param:<name> or datasource:<id>.',
      ],
    });
  });

  it('requires a name, a logic and at least one predicate', async () => {
    expect(await errorsOf({})).toEqual({
      name: ['The name field is required.'],
      logic: ['The logic must be all or any.'],
      predicates: ['The predicates field is required.'],
    });
    expect((await errorsOf({ ...weekend(), predicates: [] })).predicates).toEqual([
      'Add at least one predicate.',
    ]);
  });

  it('refuses a data source of another company, a deleted one, or none', async () => {
    const other = await t.createCompany();
    const foreign = await insertDataSource(t.db, { companyId: other, name: 'Theirs' });
    const deleted = await insertDataSource(t.db, {
      companyId: t.companyId,
      name: unique('Gone'),
      deleted: true,
    });
    const mine = await insertDataSource(t.db, { companyId: t.companyId, name: unique('Mine') });
    const errors = await errorsOf({
      name: unique('Sources'),
      logic: 'all',
      predicates: [
        predicate(`datasource:${mine}`, 'gt', 1),
        predicate(`datasource:${foreign}`, 'gt', 1),
        predicate(`datasource:${deleted}`, 'gt', 1),
        predicate('datasource:999999', 'gt', 1),
      ],
    });
    expect(errors).toEqual({
      'predicates.1.field': [DATA_SOURCE_UNKNOWN],
      'predicates.2.field': [DATA_SOURCE_UNKNOWN],
      'predicates.3.field': [DATA_SOURCE_UNKNOWN],
    });
  });

  it('keeps names unique within the company, ignoring case', async () => {
    const { name } = await create(weekend());
    expect((await errorsOf({ ...weekend(), name: name.toUpperCase() })).name).toEqual([
      'The name has already been taken.',
    ]);
  });

  it('needs the XSRF header', async () => {
    const res = await client.inject({
      method: 'POST',
      url: '/v1/conditions',
      payload: weekend(),
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });
});

describe('PUT /v1/conditions/{id}', () => {
  it('edits, audits old → new, and answers 409 when based on an old version', async () => {
    const data = await create(weekend());
    const predicates = [predicate('device', 'in', ['mobile', 'tablet'])];
    const res = documented(
      await client.put(`/v1/conditions/${data.id}`, { predicates, updated_at: data.updated_at }),
      'PUT',
      '/v1/conditions/:id',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: data.name, logic: 'all', predicates });
    expect(res.json().data.updated_at).not.toBe(data.updated_at);
    const stale = documented(
      await client.put(`/v1/conditions/${data.id}`, { logic: 'any', updated_at: data.updated_at }),
      'PUT',
      '/v1/conditions/:id',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'This condition was changed by someone else meanwhile. Reload it and try again.',
    });
    const audit = await auditOf(t.db, 'condition', data.id);
    expect(audit.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(JSON.parse(audit[1]!.changes)).toEqual({ predicates: [data.predicates, predicates] });
  });

  it('takes the version from the body or If-Match (409 when stale); without one a change is unconditional', async () => {
    const data = await create(weekend());
    const res = await client.inject({
      method: 'PUT',
      url: `/v1/conditions/${data.id}`,
      payload: { logic: 'any' },
      headers: { 'if-match': `"${data.updated_at}"` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.logic).toBe('any');
    const stale = await client.inject({
      method: 'PUT',
      url: `/v1/conditions/${data.id}`,
      payload: { logic: 'all' },
      headers: { 'if-match': `"${data.updated_at}"` },
    });
    expect(stale.statusCode).toBe(409);
    const unconditional = await client.put(`/v1/conditions/${data.id}`, { logic: 'all' });
    expect(unconditional.statusCode, unconditional.body).toBe(200);
    expect(unconditional.json().data.logic).toBe('all');
  });

  it('checks the predicates sent like a create does', async () => {
    const data = await create(weekend());
    const errors = await errorsOf(
      { predicates: [predicate('time', 'between', ['18:00', '09:00'])], updated_at: data.updated_at },
      `/v1/conditions/${data.id}`,
      'put',
    );
    expect(errors).toEqual({
      'predicates.0.value': ['The first value of between must not be after the second.'],
    });
  });
});

describe('DELETE, restore and where a condition is used', () => {
  it('soft-deletes (204), hides it, and restores it (200), audited', async () => {
    const data = await create(weekend());
    const del = documented(await client.delete(`/v1/conditions/${data.id}`), 'DELETE', '/v1/conditions/:id');
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await client.get(`/v1/conditions/${data.id}`)).statusCode).toBe(404);
    const deleted = (
      await client.get(`/v1/conditions?deleted=1&filter=${encodeURIComponent(data.name)}`)
    ).json();
    expect(deleted.data.map((c: { id: number }) => c.id)).toEqual([data.id]);
    const res = documented(
      await client.post(`/v1/conditions/${data.id}/restore`),
      'POST',
      '/v1/conditions/:id/restore',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: data.id, deleted_at: null });
    expect((await client.post(`/v1/conditions/${data.id}/restore`)).statusCode).toBe(404);
    expect((await auditOf(t.db, 'condition', data.id)).map((a) => a.action)).toEqual([
      'created',
      'deleted',
      'restored',
    ]);
  });

  it('refuses a restore when a live condition has taken the name meanwhile', async () => {
    const name = unique('Twin');
    const id = await insertCondition(t.db, { companyId: t.companyId, name, deleted: true });
    await insertCondition(t.db, { companyId: t.companyId, name: name.toLowerCase() });
    const res = documented(
      await client.post(`/v1/conditions/${id}/restore`),
      'POST',
      '/v1/conditions/:id/restore',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
  });

  it('shows the live profiles whose live rules use it, and refuses to delete it while they do', async () => {
    const used = await insertCondition(t.db, { companyId: t.companyId, name: unique('Used') });
    const spare = await insertCondition(t.db, { companyId: t.companyId, name: unique('Spare') });
    const alpha = await insertProfile(t.db, { companyId: t.companyId, name: unique('Alpha feed') });
    const beta = await insertProfile(t.db, { companyId: t.companyId, name: unique('Beta feed') });
    const gone = await insertProfile(t.db, {
      companyId: t.companyId,
      name: unique('Gone feed'),
      deleted: true,
    });
    // Two live rules of alpha name it (one twice), a rule that left the feed does not count.
    await insertRulesNaming(t.db, {
      companyId: t.companyId,
      profileId: alpha,
      rules: [[used, used], [used, spare], []],
      ended: [[used]],
    });
    await insertRulesNaming(t.db, { companyId: t.companyId, profileId: beta, rules: [[used]] });
    await insertRulesNaming(t.db, { companyId: t.companyId, profileId: gone, rules: [[spare]] });
    const names = await t.db
      .selectFrom('profiles')
      .select(['id', 'name'])
      .where('id', 'in', [alpha, beta])
      .execute();
    const nameOf = (id: number) => names.find((p) => p.id === id)!.name;

    const { data } = (await client.get(`/v1/conditions/${used}`)).json();
    expect(data.used_by).toEqual([
      { profile_id: alpha, profile_name: nameOf(alpha), rules: 2 },
      { profile_id: beta, profile_name: nameOf(beta), rules: 1 },
    ]);
    const list = documented(await client.get('/v1/conditions?items-per-page=-1'), 'GET', '/v1/conditions');
    const listed = list.json().data as { id: number; used_by: unknown[] }[];
    expect(listed.find((c) => c.id === used)!.used_by).toEqual(data.used_by);
    // A deleted profile's rules do not count.
    expect(listed.find((c) => c.id === spare)!.used_by).toEqual([
      { profile_id: alpha, profile_name: nameOf(alpha), rules: 1 },
    ]);

    const refused = documented(await client.delete(`/v1/conditions/${used}`), 'DELETE', '/v1/conditions/:id');
    expect(refused.statusCode).toBe(422);
    const inUse = conditionInUse([nameOf(alpha), nameOf(beta)]);
    expect(refused.json()).toEqual({ message: inUse, errors: { id: [inUse] } });
    expect(refused.json().message).toBe(
      `The condition is used by rules of profiles ${nameOf(alpha)}, ${nameOf(beta)}: remove it from their feeds first.`,
    );
    const row = await t.db
      .selectFrom('conditions')
      .select('deleted_at')
      .where('id', '=', used)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();

    // Once the feeds no longer name it (their next sync rewrites the uses), it can go, and come back.
    await t.db.deleteFrom('profile_rules').where('profile_id', 'in', [alpha, beta]).execute();
    await insertRulesNaming(t.db, { companyId: t.companyId, profileId: alpha, rules: [[spare]] });
    await insertRulesNaming(t.db, { companyId: t.companyId, profileId: beta, rules: [] });
    expect((await client.delete(`/v1/conditions/${used}`)).statusCode).toBe(204);
    expect((await client.post(`/v1/conditions/${used}/restore`)).statusCode).toBe(200);
  });
});

describe('GET /v1/conditions', () => {
  it('filters by name, sorts by name, created_at or updated_at, and pages', async () => {
    const company = await t.createCompany();
    const reader = await t.injectAs(await t.createUser({ companyId: company, permissions: ['qa'] }));
    for (const name of ['Rainy days', 'Weekend', 'weekday mornings', 'Cold'])
      await insertCondition(t.db, { companyId: company, name });
    await insertCondition(t.db, { companyId: company, name: 'Deleted weekly', deleted: true });
    const names = async (query: string) => {
      const res = await reader.get(`/v1/conditions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      documented(res, 'GET', '/v1/conditions');
      return res.json().data.map((c: { name: string }) => c.name);
    };
    expect(await names('sort-by=name')).toEqual(['Cold', 'Rainy days', 'weekday mornings', 'Weekend']);
    expect(await names('sort-by=name&sort-order=desc&filter=WEE')).toEqual(['Weekend', 'weekday mornings']);
    expect(await names('filter=we&sort-by=name')).toEqual(['weekday mornings', 'Weekend']);
    expect(await names('sort-by=created_at&items-per-page=2&page=2')).toHaveLength(2);
    expect(await names('deleted=1')).toEqual(['Deleted weekly']);
    const res = await reader.get('/v1/conditions/?items-per-page=3');
    expect(res.json().meta).toMatchObject({ total: 4, per_page: 3, last_page: 2 });
    expect((await reader.get('/v1/conditions?sort-by=logic')).statusCode).toBe(422);
  });
});

describe('company scoping', () => {
  it("answers 404 for another company's condition and never lists it", async () => {
    const other = await t.createCompany();
    const id = await insertCondition(t.db, { companyId: other, name: unique('Theirs') });
    const deletedId = await insertCondition(t.db, {
      companyId: other,
      name: unique('Theirs gone'),
      deleted: true,
    });
    for (const res of [
      await client.get(`/v1/conditions/${id}`),
      await client.put(`/v1/conditions/${id}`, { logic: 'any', updated_at: INSERTED_AT }),
      await client.delete(`/v1/conditions/${id}`),
      await client.post(`/v1/conditions/${deletedId}/restore`),
      await client.post(`/v1/conditions/${id}/simulate`, {}),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
    const list = (await client.get('/v1/conditions?items-per-page=-1')).json();
    expect(list.data.map((c: { id: number }) => c.id)).not.toContain(id);
    const row = await t.db
      .selectFrom('conditions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deleted_at: null, updated_at: INSERTED_AT });
  });
});

describe('POST /v1/conditions/{id}/simulate', () => {
  it('evaluates each predicate in the context, data sources from their cache or the overrides', async () => {
    const sourceId = await insertDataSource(t.db, {
      companyId: t.companyId,
      name: unique('Stock'),
      default_value: '12',
      refresh_interval: 3600,
    });
    const { id, name } = await create({
      name: unique('Low stock at the weekend'),
      logic: 'all',
      predicates: [predicate('weekday', 'in', ['sat', 'sun']), predicate(`datasource:${sourceId}`, 'lt', 5)],
    });
    // A fetch that failed a moment ago: the default is used, and nothing is due for a refresh.
    await t.db
      .updateTable('data_sources')
      .set({ last_error: 'down', failed_at: new Date().toISOString() })
      .where('id', '=', sourceId)
      .execute();
    const simulate = async (body: object) => {
      const res = documented(
        await client.post(`/v1/conditions/${id}/simulate`, body),
        'POST',
        '/v1/conditions/:id/simulate',
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // 2026-11-28 is a Saturday in Paris (23:30 UTC on Friday).
    const saturday = await simulate({ at: '2026-11-27T23:30:00Z', time_zone: 'Europe/Paris' });
    expect(saturday.context).toEqual({
      date: '2026-11-28',
      time: '00:30',
      weekday: 'sat',
      time_zone: 'Europe/Paris',
    });
    expect(saturday.holds).toBe(false);
    expect(saturday.predicates.map((p: { holds: boolean }) => p.holds)).toEqual([true, false]);
    expect(saturday.predicates[1]).toMatchObject({ actual: '12', holds: false });
    expect(saturday.datasources).toEqual([
      { id: sourceId, name: expect.stringMatching(/^Stock/), value: '12', source: 'default' },
    ]);

    const overridden = await simulate({
      at: '2026-11-27T23:30:00Z',
      time_zone: 'Europe/Paris',
      datasources: { [sourceId]: 3 },
    });
    expect(overridden.holds).toBe(true);
    expect(overridden.datasources).toEqual([
      { id: sourceId, name: expect.stringMatching(/^Stock/), value: 3, source: 'override' },
    ]);
    const friday = await simulate({ at: '2026-11-27T23:30:00Z', datasources: { [sourceId]: 3 } });
    expect(friday.context.weekday).toBe('fri');
    expect(friday.holds).toBe(false);
    expect(name).toMatch(/^Low stock/);
  });

  it('may be called by qa (read access), and checks the context', async () => {
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    const { id } = await create(weekend());
    expect((await qa.post(`/v1/conditions/${id}/simulate`, { device: 'mobile' })).statusCode).toBe(200);
    const bad = await qa.post(`/v1/conditions/${id}/simulate`, {
      time_zone: 'Mars/Olympus',
      country: 'France',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      time_zone: ['The time zone must be an IANA zone such as Europe/Paris.'],
      country: ['The country must be a two-letter code such as FR.'],
    });
  });
});
