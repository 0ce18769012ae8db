import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceValues } from '../../src/modules/data-sources/data-source-values';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { type FakeServer, startFakeServer } from './fixtures';

let server: FakeServer;
let t: TestApp;
let client: Client;
let values: DataSourceValues;
let seq = 0;
const SECRET = 'values-secret-token-42';

beforeAll(async () => {
  server = await startFakeServer();
  t = await buildTestApp({ DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
  client = await t.injectAs(await t.createUser({ permissions: ['edit conditions'] }));
  values = t.app.services.dataSourceValues;
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

/** A data source made through the API; answers its id. */
const createSource = async (body: object) => {
  const res = await client.post('/v1/datasource', { name: `Source ${++seq}`, refresh_seconds: 600, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const show = async (id: number) => {
  const res = await client.get(`/v1/datasource/${id}`);
  expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/datasource/:id' }, res);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('valuesFor', () => {
  it('answers from the database: the default first, the fetched value once refreshed, no fetch while fresh', async () => {
    const id = await createSource({
      url: `${server.origin}/set?case=fresh`,
      json_path: '$.value',
      default_value: '7',
      headers: [{ name: 'Authorization', value: `Bearer ${SECRET}` }],
    });
    server.answer = { status: 200, body: { value: 4 } };
    const hits = () => server.requests.filter((r) => r.url === '/set?case=fresh').length;

    // Never fetched: the default at once, and one refresh in the background (however many reads).
    // The fetch is held until both reads have answered, so neither can see its value.
    const release = server.hold();
    const [first, second] = await Promise.all([
      values.valuesFor(t.companyId, [id], {}),
      values.valuesFor(t.companyId, [id], {}),
    ]);
    expect(first.get(id)).toMatchObject({ name: `Source ${seq}`, value: '7', source: 'default' });
    expect(second.get(id)?.source).toBe('default');
    release();
    await values.settled();
    expect(hits()).toBe(1);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`);

    // Fresh: answered from the cache, and nobody fetches.
    for (let i = 0; i < 3; i++)
      expect((await values.valuesFor(t.companyId, [id], {})).get(id)?.value).toBe(4);
    await values.settled();
    expect(hits()).toBe(1);
    const shown = await show(id);
    expect(shown).toMatchObject({ value: 4, last_value: 4, last_error: null, failed_at: null });
    expect(shown.fetched_at).toEqual(expect.any(String));

    // Once stale (as of a moment past the interval), the last value is still answered while it refreshes.
    server.answer = { status: 200, body: { value: 5 } };
    const later = Date.now() + 601_000;
    expect((await values.valuesFor(t.companyId, [id], {}, later)).get(id)).toMatchObject({
      value: 4,
      source: 'cache',
    });
    await values.settled();
    expect(hits()).toBe(2);
    expect((await values.valuesFor(t.companyId, [id], {})).get(id)?.value).toBe(5);
  });

  it('uses the default value after a failure, keeps the last value and shows the error', async () => {
    const id = await createSource({
      url: `${server.origin}/set?case=failing`,
      json_path: '$.value',
      default_value: '12',
    });
    server.answer = { status: 200, body: { value: 3 } };
    expect(await values.refreshNow(t.companyId, id)).toEqual({
      name: `Source ${seq}`,
      value: 3,
      source: 'cache',
    });
    server.answer = { status: 503, body: { message: 'maintenance' } };
    expect(await values.refreshNow(t.companyId, id)).toMatchObject({ value: '12', source: 'default' });
    const failed = await show(id);
    expect(failed).toMatchObject({
      value: '12',
      last_value: 3,
      last_error: `${server.host} answered HTTP 503.`,
    });
    expect(failed.failed_at).toEqual(expect.any(String));

    // A timeout is a failure too; a later success clears the error.
    await client.put(`/v1/datasource/${id}`, {
      timeout_ms: 200,
      url: `${server.origin}/never`,
      updated_at: failed.updated_at,
    });
    expect(await values.refreshNow(t.companyId, id)).toMatchObject({ value: '12', source: 'default' });
    expect((await show(id)).last_error).toBe(`${server.host} did not answer within 0.2 s.`);
    const timedOut = await show(id);
    await client.put(`/v1/datasource/${id}`, {
      url: `${server.origin}/set?case=failing`,
      updated_at: timedOut.updated_at,
    });
    server.answer = { status: 200, body: { value: 8 } };
    await values.refreshNow(t.companyId, id);
    expect(await show(id)).toMatchObject({ value: 8, last_value: 8, last_error: null });
  });

  it('answers no value for a source without default that never fetched, and leaves out unknown ids', async () => {
    const id = await createSource({ url: `${server.origin}/error` });
    const other = await t.createCompany();
    const answer = await values.valuesFor(other, [id, 999_999], {});
    expect(answer.size).toBe(0);
    await values.refreshNow(t.companyId, id);
    expect((await values.valuesFor(t.companyId, [id], {})).get(id)).toMatchObject({
      value: null,
      source: 'none',
    });
  });

  it('fills placeholders (URL-encoded) and caches one value per filled URL', async () => {
    const id = await createSource({
      url: `${server.origin}/weather?city={city}&zip={param:zip}`,
      json_path: '$.city',
      default_value: 'unknown',
    });
    const lyon = { city: 'Lyon', 'param:zip': '69001' };
    const paris = { city: 'Paris & Île', 'param:zip': '75 001' };
    expect((await values.valuesFor(t.companyId, [id], lyon)).get(id)?.source).toBe('default');
    expect((await values.valuesFor(t.companyId, [id], paris)).get(id)?.source).toBe('default');
    await values.settled();
    expect((await values.valuesFor(t.companyId, [id], lyon)).get(id)).toMatchObject({
      value: 'Lyon',
      source: 'cache',
    });
    expect((await values.valuesFor(t.companyId, [id], paris)).get(id)?.value).toBe('Paris & Île');
    const cached = await t.db
      .selectFrom('data_source_values')
      .select(['url', 'value'])
      .where('data_source_id', '=', id)
      .orderBy('url')
      .execute();
    expect(cached).toEqual([
      { url: `${server.origin}/weather?city=Lyon&zip=69001`, value: '"Lyon"' },
      { url: `${server.origin}/weather?city=Paris%20%26%20%C3%8Ele&zip=75%20001`, value: '"Paris & Île"' },
    ]);
    await values.settled();
    expect(server.requests.filter((r) => r.url.startsWith('/weather?city=Lyon')).length).toBe(1);
  });

  it('refreshes due data sources without placeholders periodically, never those with placeholders', async () => {
    const plain = await createSource({ url: `${server.origin}/set?case=periodic`, json_path: '$.value' });
    const filled = await createSource({ url: `${server.origin}/weather?city={city}&case=periodic` });
    server.answer = { status: 200, body: { value: 11 } };
    expect(await values.refreshDue()).toBeGreaterThanOrEqual(1);
    expect((await show(plain)).last_value).toBe(11);
    expect(server.requests.some((r) => r.url.includes('case=periodic') && r.url.startsWith('/weather'))).toBe(
      false,
    );
    expect((await show(filled)).fetched_at).toBeNull();
    // Nothing is due right after.
    const before = server.requests.length;
    await values.refreshDue();
    expect(server.requests.length).toBe(before);
  });

  it('feeds the condition simulator: a stale value refreshes in the background, never during the call', async () => {
    const id = await createSource({
      url: `${server.origin}/weather?city={city}&case=simulate`,
      json_path: '$.current.temperature',
      default_value: '20',
    });
    const created = await client.post('/v1/conditions', {
      name: `Cold ${seq}`,
      logic: 'all',
      predicates: [{ field: `datasource:${id}`, operator: 'lt', value: 5 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/v1/conditions/${created.json().data.id}/simulate`;
    const first = (await client.post(url, { city: 'Nantes' })).json().data;
    expect(first).toMatchObject({ holds: false, datasources: [{ id, value: '20', source: 'default' }] });
    await values.settled();
    const second = (await client.post(url, { city: 'Nantes' })).json().data;
    expect(second).toMatchObject({ holds: true, datasources: [{ id, value: 3.5, source: 'cache' }] });
    expect(server.requests.at(-1)!.url).toBe('/weather?city=Nantes&case=simulate');
  });
});
