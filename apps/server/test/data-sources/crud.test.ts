import { dataSourceInUse } from '@adstudio/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEATHER_PATH } from '../../src/modules/data-sources/demo-weather';
import { auditOf, insertCondition } from '../conditions/fixtures';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { INSERTED_AT, insertDataSource } from './fixtures';

let t: TestApp;
let client: Client;
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;
const SECRET = 'sk_live_Zq8-very-secret-token';

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.injectAs(await t.createUser({ permissions: ['edit conditions'] }));
});
afterAll(() => t.close());

const documented = (res: LightMyRequestResponse, method: string, url: string) => {
  expectDocumentedAnswer(t.app.swagger(), { method, url }, res);
  return res;
};

const valid = () => ({
  name: unique('Weather'),
  url: 'https://weather.example.com/v1/current?city={city}&zip={param:zip}',
  json_path: '$.current.temperature',
  refresh_seconds: 600,
  timeout_ms: 2000,
  default_value: '12',
  headers: [{ name: 'X-Api-Key', value: SECRET }],
});

const create = async (body: object = valid()) => {
  const res = documented(await client.post('/v1/datasource', body), 'POST', '/v1/datasource');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

const rowOf = (id: number) =>
  t.db.selectFrom('data_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /v1/datasource', () => {
  it('creates a data source (201) showing header names only, the values sealed in the row', async () => {
    const body = valid();
    const data = await create(body);
    expect(data).toEqual({
      id: expect.any(Number),
      name: body.name,
      url: body.url,
      method: 'GET',
      headers: [{ name: 'X-Api-Key', set: true }],
      json_path: '$.current.temperature',
      refresh_seconds: 600,
      timeout_ms: 2000,
      default_value: '12',
      value: '12',
      last_value: null,
      fetched_at: null,
      last_error: null,
      failed_at: null,
      used_by: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
    const row = await rowOf(data.id);
    expect(row.headers).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(await auditOf(t.db, 'data_source', data.id))).not.toContain(SECRET);
    const get = documented(await client.get(`/v1/datasource/${data.id}`), 'GET', '/v1/datasource/:id');
    expect(get.json().data).toEqual(data);
    expect(get.body).not.toContain(SECRET);
  });

  it('fills in GET, no headers, 3000 ms and 300 s when left out', async () => {
    const data = await create({ name: unique('Plain'), url: 'https://api.example.com/stock' });
    expect(data).toMatchObject({
      method: 'GET',
      headers: [],
      timeout_ms: 3000,
      refresh_seconds: 300,
      json_path: null,
    });
  });

  it('checks each field', async () => {
    const res = await client.post('/v1/datasource', {
      name: '',
      url: 'ftp://files.example.com/x',
      method: 'PATCH',
      json_path: '$..price',
      timeout_ms: 9000,
      refresh_seconds: 1,
      headers: [
        { name: 'Host', value: 'x' },
        { name: 'X-A', value: 'a\nb' },
        { name: 'x-a', value: 'c' },
      ],
    });
    expect(res.statusCode).toBe(422);
    documented(res, 'POST', '/v1/datasource');
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      url: ['The url must be a valid http:// or https:// address.'],
      method: ['The method must be GET or POST.'],
      json_path: ["A JSON path such as $.current.temperature or $.items[0]['unit price']."],
      timeout_ms: ['The timeout may not be greater than 5000 ms.'],
      refresh_seconds: ['The refresh interval must be at least 10 seconds.'],
      'headers.0.name': ['This header is set by the fetcher.'],
      'headers.1.value': ['A header value may not hold line breaks.'],
      'headers.2.name': ['This header is given twice.'],
    });
  });

  it('refuses, when saved, a URL the SSRF guard would refuse at every fetch', async () => {
    for (const [url, host] of [
      ['http://169.254.169.254/latest/meta-data/iam', '169.254.169.254'],
      ['http://0177.0.0.1/stock', '127.0.0.1'],
      ['http://redis:6379/', 'redis'],
    ]) {
      const res = await client.post('/v1/datasource', { ...valid(), url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ url: [`${host} cannot be reached from here`] });
    }
    const data = await create({ ...valid(), name: unique('Guarded') });
    const edited = await client.put(`/v1/datasource/${data.id}`, { url: 'http://[fe80::1]/x' });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors).toEqual({ url: ['[fe80::1] cannot be reached from here'] });
    // The app's own demo endpoint (localhost by default) is answered in process, never fetched.
    const demo = `${t.config.appUrl}${DEMO_WEATHER_PATH}?city={city}`;
    expect(new URL(demo).hostname).toBe('localhost');
    expect(
      (await client.post('/v1/datasource', { ...valid(), name: unique('Demo'), url: demo })).statusCode,
    ).toBe(201);
    // A host only a placeholder knows is the fetch's to check.
    expect(
      (
        await client.post('/v1/datasource', {
          ...valid(),
          name: unique('Any host'),
          url: 'https://{param:host}/x',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('requires a value for a new header', async () => {
    const res = await client.post('/v1/datasource', { ...valid(), headers: [{ name: 'X-Token' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'headers.0.value': ['The header value is required.'] });
  });

  it('takes headers as a map {name: value} too, with the same rules', async () => {
    const made = await client.post('/v1/datasource', {
      ...valid(),
      headers: { 'X-Api-Key': SECRET, Accept: 'application/json' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.headers).toEqual([
      { name: 'X-Api-Key', set: true },
      { name: 'Accept', set: true },
    ]);
    const refused = await client.post('/v1/datasource', {
      ...valid(),
      headers: { Host: 'evil.example', 'X-Two': 'a\nb', 'bad name': 'x' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'headers.0.name': ['This header is set by the fetcher.'],
      'headers.1.value': ['A header value may not hold line breaks.'],
      'headers.2.name': ['A header name may hold letters, digits and - only.'],
    });
    const wrongType = await client.post('/v1/datasource', { ...valid(), headers: 'X-Api-Key: 1' });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['headers']);
  });
});

describe('PUT /v1/datasource/{id}', () => {
  it('keeps a header sent without value, replaces one sent with a value, drops one left out', async () => {
    const data = await create({
      ...valid(),
      headers: [
        { name: 'X-Api-Key', value: SECRET },
        { name: 'X-Other', value: 'other-secret-1' },
      ],
    });
    const before = (await rowOf(data.id)).headers;
    const renamed = documented(
      await client.put(`/v1/datasource/${data.id}`, { name: unique('Renamed'), updated_at: data.updated_at }),
      'PUT',
      '/v1/datasource/:id',
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Not sent: the stored headers stay as they were, to the byte.
    expect((await rowOf(data.id)).headers).toBe(before);
    expect(renamed.json().data.headers).toEqual([
      { name: 'X-Api-Key', set: true },
      { name: 'X-Other', set: true },
    ]);
    const res = await client.put(`/v1/datasource/${data.id}`, {
      headers: [{ name: 'x-api-key' }, { name: 'X-New', value: 'new-secret-2' }],
      updated_at: renamed.json().data.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.headers).toEqual([
      { name: 'x-api-key', set: true },
      { name: 'X-New', set: true },
    ]);
    for (const text of [res.body, renamed.body, JSON.stringify(await rowOf(data.id))]) {
      for (const secret of [SECRET, 'other-secret-1', 'new-secret-2']) expect(text).not.toContain(secret);
    }
    const audit = await auditOf(t.db, 'data_source', data.id);
    expect(JSON.parse(audit.at(-1)!.changes)).toEqual({
      headers: [
        ['X-Api-Key', 'X-Other'],
        ['x-api-key', 'X-New'],
      ],
    });
    expect(JSON.stringify(audit)).not.toContain('secret');
  });

  it('answers 409 when stale, edits unconditionally without updated_at, and forgets fetched values when the URL changes', async () => {
    const data = await create();
    await t.db
      .updateTable('data_sources')
      .set({ last_value: '3', fetched_at: INSERTED_AT })
      .where('id', '=', data.id)
      .execute();
    const ok = await client.put(`/v1/datasource/${data.id}`, { url: 'https://other.example.com/x' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ last_value: null, fetched_at: null, value: '12' });
    const stale = documented(
      await client.put(`/v1/datasource/${data.id}`, { timeout_ms: 1000, updated_at: data.updated_at }),
      'PUT',
      '/v1/datasource/:id',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'This data source was changed by someone else meanwhile. Reload it and try again.',
    });
  });
});

describe('DELETE and restore', () => {
  it('refuses to delete a data source live conditions read, naming them; deletes and restores it after', async () => {
    const data = await create();
    const field = `datasource:${data.id}`;
    const cold = await insertCondition(t.db, {
      companyId: t.companyId,
      name: unique('Cold'),
      expression: { logic: 'all', predicates: [{ field, operator: 'lt', value: 5 }] },
    });
    const warm = await insertCondition(t.db, {
      companyId: t.companyId,
      name: unique('Warm'),
      expression: { logic: 'any', predicates: [{ field, operator: 'gt', value: 20 }] },
    });
    // A deleted condition and one reading another id (whose digits start alike) do not count.
    await insertCondition(t.db, {
      companyId: t.companyId,
      name: unique('Old'),
      deleted: true,
      expression: { logic: 'all', predicates: [{ field, operator: 'lt', value: 0 }] },
    });
    await insertCondition(t.db, {
      companyId: t.companyId,
      name: unique('Other'),
      expression: { logic: 'all', predicates: [{ field: `${field}0`, operator: 'lt', value: 0 }] },
    });
    const names = await t.db
      .selectFrom('conditions')
      .select(['id', 'name'])
      .where('id', 'in', [cold, warm])
      .execute();
    const nameOf = (id: number) => names.find((c) => c.id === id)!.name;
    const shown = (await client.get(`/v1/datasource/${data.id}`)).json().data;
    expect(shown.used_by).toEqual([
      { id: cold, name: nameOf(cold) },
      { id: warm, name: nameOf(warm) },
    ]);
    const refused = documented(
      await client.delete(`/v1/datasource/${data.id}`),
      'DELETE',
      '/v1/datasource/:id',
    );
    expect(refused.statusCode).toBe(422);
    const inUse = dataSourceInUse([nameOf(cold), nameOf(warm)]);
    expect(refused.json()).toEqual({ message: inUse, errors: { id: [inUse] } });

    await t.db
      .updateTable('conditions')
      .set({ deleted_at: INSERTED_AT })
      .where('id', 'in', [cold, warm])
      .execute();
    const del = documented(await client.delete(`/v1/datasource/${data.id}`), 'DELETE', '/v1/datasource/:id');
    expect(del.statusCode).toBe(204);
    expect((await client.get(`/v1/datasource/${data.id}`)).statusCode).toBe(404);
    const restored = documented(
      await client.post(`/v1/datasource/${data.id}/restore`),
      'POST',
      '/v1/datasource/:id/restore',
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      id: data.id,
      deleted_at: null,
      headers: [{ name: 'X-Api-Key', set: true }],
    });
    expect(restored.body).not.toContain(SECRET);
    expect((await auditOf(t.db, 'data_source', data.id)).map((a) => a.action)).toEqual([
      'created',
      'deleted',
      'restored',
    ]);
  });
});

describe('GET /v1/datasource', () => {
  it('lists the company’s data sources, filtered by name, with what reads them', async () => {
    const company = await t.createCompany();
    const qa = await t.injectAs(await t.createUser({ companyId: company, permissions: ['qa'] }));
    const weather = await insertDataSource(t.db, { companyId: company, name: 'Weather Paris' });
    await insertDataSource(t.db, { companyId: company, name: 'Stock levels' });
    await insertDataSource(t.db, { companyId: company, name: 'Weather old', deleted: true });
    await insertDataSource(t.db, { companyId: t.companyId, name: 'Weather elsewhere' });
    const condition = await insertCondition(t.db, {
      companyId: company,
      name: 'Cold',
      expression: {
        logic: 'all',
        predicates: [{ field: `datasource:${weather}`, operator: 'lt', value: 5 }],
      },
    });
    const names = async (query: string) => {
      const res = documented(await qa.get(`/v1/datasource?${query}`), 'GET', '/v1/datasource');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((d: { name: string }) => d.name);
    };
    expect(await names('sort-by=name')).toEqual(['Stock levels', 'Weather Paris']);
    expect(await names('filter=weather')).toEqual(['Weather Paris']);
    expect(await names('deleted=1')).toEqual(['Weather old']);
    const list = (await qa.get('/v1/datasource?filter=paris')).json();
    expect(list.data[0].used_by).toEqual([{ id: condition, name: 'Cold' }]);
    expect(list.meta).toMatchObject({ total: 1, current_page: 1 });
  });

  it("answers 404 for another company's data source on every route", async () => {
    const other = await t.createCompany();
    const id = await insertDataSource(t.db, { companyId: other, name: unique('Theirs') });
    const deletedId = await insertDataSource(t.db, { companyId: other, name: unique('Gone'), deleted: true });
    for (const res of [
      await client.get(`/v1/datasource/${id}`),
      await client.put(`/v1/datasource/${id}`, { name: 'Mine now', updated_at: INSERTED_AT }),
      await client.delete(`/v1/datasource/${id}`),
      await client.post(`/v1/datasource/${deletedId}/restore`),
      await client.post('/v1/datasource/test', { id }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
    expect(await rowOf(id)).toMatchObject({ deleted_at: null, updated_at: INSERTED_AT });
  });

  it('needs the XSRF header on writes', async () => {
    const res = await client.inject({ method: 'POST', url: '/v1/datasource', payload: valid(), xsrf: false });
    expect(res.statusCode).toBe(419);
  });
});
