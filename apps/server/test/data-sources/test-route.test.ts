import { DATA_SOURCE_SAMPLE_CHARS } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEATHER_PATH } from '../../src/modules/data-sources/demo-weather';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { type FakeServer, startFakeServer } from './fixtures';

/** The outside world on 127.0.0.1, reachable only where DATASOURCE_ALLOW_HOSTS names it. */
let server: FakeServer;
let open: TestApp;
let closed: TestApp;
let client: Client;
let guarded: Client;
const SECRET = 'tok_5ecret-value-for-the-api';

beforeAll(async () => {
  server = await startFakeServer();
  open = await buildTestApp({ DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
  closed = await buildTestApp();
  client = await open.injectAs(await open.createUser({ permissions: ['edit conditions'] }));
  guarded = await closed.injectAs(await closed.createUser({ roles: ['admin'] }));
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
  await server?.close();
});

/** POST /v1/datasource/test as `as`, checked against the document; answers the result. */
const test = async (body: object, as = client, app = open) => {
  const res = await as.post('/v1/datasource/test', body);
  expectDocumentedAnswer(app.app.swagger(), { method: 'POST', url: '/v1/datasource/test' }, res);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('POST /v1/datasource/test', () => {
  it('fetches an unsaved definition and answers the status, sample and the value at json_path', async () => {
    const result = await test({
      url: `${server.origin}/weather?city=Lyon`,
      json_path: '$.current.temperature',
    });
    expect(result).toEqual({
      ok: true,
      url: `${server.origin}/weather?city=Lyon`,
      status: 200,
      duration_ms: expect.any(Number),
      content_type: 'application/json',
      body_sample: expect.stringContaining('"temperature":3.5'),
      truncated: false,
      value: 3.5,
      error: null,
    });
    expect(
      (await test({ url: `${server.origin}/weather`, json_path: "$.items[0]['unit price']" })).value,
    ).toBe(9.5);
    expect((await test({ url: `${server.origin}/weather`, json_path: '$.current' })).value).toBe(
      '{"temperature":3.5,"summary":"cold"}',
    );
  });

  it('answers the whole body (trimmed) without a json path, and truncates the sample', async () => {
    expect(await test({ url: `${server.origin}/text` })).toMatchObject({
      ok: true,
      value: '42',
      body_sample: '  42 \n',
    });
    const long = await test({ url: `${server.origin}/long` });
    expect(long.body_sample).toHaveLength(DATA_SOURCE_SAMPLE_CHARS);
    expect(long).toMatchObject({ ok: true, truncated: true, value: 'a'.repeat(2500) });
  });

  it('reports what went wrong: no JSON, nothing at the path, an HTTP error', async () => {
    expect(await test({ url: `${server.origin}/html`, json_path: '$.a' })).toMatchObject({
      ok: false,
      status: 200,
      value: null,
      body_sample: '<html>not json</html>',
      error: 'The answer is not JSON, so the json path cannot be read.',
    });
    expect(await test({ url: `${server.origin}/weather`, json_path: '$.current.wind' })).toMatchObject({
      ok: false,
      error: 'The answer has nothing at $.current.wind.',
    });
    expect(await test({ url: `${server.origin}/error` })).toMatchObject({
      ok: false,
      status: 500,
      error: `${server.host} answered HTTP 500.`,
    });
  });

  it('refuses 127.0.0.1 unless DATASOURCE_ALLOW_HOSTS names it, naming the host', async () => {
    const before = server.requests.length;
    const result = await test({ url: `${server.origin}/weather` }, guarded, closed);
    expect(result).toMatchObject({
      ok: false,
      status: null,
      value: null,
      body_sample: '',
      error: '127.0.0.1 cannot be reached from here.',
    });
    expect(server.requests.length).toBe(before);
    for (const url of ['http://localhost:1/x', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
      const refused = await test({ url }, guarded, closed);
      expect(refused.ok, url).toBe(false);
      expect(refused.error, url).toMatch(/ cannot be reached from here\.$/);
    }
  });

  it('follows a redirect, but not to a blocked address, and at most 3 times', async () => {
    expect(await test({ url: `${server.origin}/to-weather`, json_path: '$.current.summary' })).toMatchObject({
      ok: true,
      value: 'cold',
    });
    expect(await test({ url: `${server.origin}/to-blocked` })).toMatchObject({
      ok: false,
      status: null,
      error: '169.254.169.254 cannot be reached from here.',
    });
    const before = server.hits('/loop/4');
    expect(await test({ url: `${server.origin}/loop/0` })).toMatchObject({
      ok: false,
      error: `${server.host} redirected more than 3 times.`,
    });
    expect(server.hits('/loop/3')).toBeGreaterThan(0);
    expect(server.hits('/loop/4')).toBe(before);
  });

  it('gives up after timeout_ms and past 1 MB', async () => {
    expect(await test({ url: `${server.origin}/never`, timeout_ms: 200 })).toMatchObject({
      ok: false,
      status: null,
      error: `${server.host} did not answer within 0.2 s.`,
    });
    expect(await test({ url: `${server.origin}/big` })).toMatchObject({
      ok: false,
      error: `The file at ${server.host} is larger than 1 MB.`,
    });
  });

  it('tests a saved data source with its stored header values, overlaid by the fields sent, storing nothing', async () => {
    const created = await client.post('/v1/datasource', {
      name: 'Saved weather',
      url: `${server.origin}/weather?city={city}`,
      json_path: '$.current.temperature',
      headers: [{ name: 'X-Api-Key', value: SECRET }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    const row = () =>
      open.db.selectFrom('data_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();

    const saved = await test({ id, placeholders: { city: 'Saint-Étienne & co' } });
    expect(saved).toMatchObject({
      ok: true,
      value: 3.5,
      url: `${server.origin}/weather?city=Saint-%C3%89tienne%20%26%20co`,
    });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe(SECRET);

    const overlaid = await test({ id, json_path: '$.city', placeholders: { city: 'Lyon' } });
    expect(overlaid.value).toBe('Lyon');
    const replaced = await test({ id, headers: [{ name: 'X-Api-Key', value: 'trial' }] });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe('trial');
    const kept = await test({ id, headers: [{ name: 'x-api-key' }] });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBe(SECRET);
    await test({ id, headers: [] });
    expect(server.requests.at(-1)!.headers['x-api-key']).toBeUndefined();

    for (const result of [saved, overlaid, replaced, kept])
      expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(await row()).toEqual(before);
    expect(await open.db.selectFrom('data_source_values').selectAll().execute()).toEqual([]);
  });

  it('needs write access and a url or an id', async () => {
    const qa = await open.injectAs(await open.createUser({ permissions: ['qa'] }));
    expect((await qa.post('/v1/datasource/test', { url: `${server.origin}/weather` })).statusCode).toBe(403);
    const res = await client.post('/v1/datasource/test', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ url: ['The url field is required.'] });
    const scheme = await client.post('/v1/datasource/test', { url: 'file:///etc/passwd' });
    expect(scheme.statusCode).toBe(422);
  });

  it("reads the app's own demo weather in process, while the app's other paths stay refused", async () => {
    const appUrl = closed.app.config.appUrl;
    const result = await test(
      { url: `${appUrl}${DEMO_WEATHER_PATH}?city=Oslo`, json_path: '$.current.temperature' },
      guarded,
      closed,
    );
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.value).toBe(JSON.parse(result.body_sample).current.temperature);
    expect(typeof result.value).toBe('number');
    // Anything else on the app's own (loopback) origin goes through the guard like any URL.
    const other = await test({ url: `${appUrl}/healthz` }, guarded, closed);
    expect(other).toMatchObject({ ok: false, status: null });
    expect(other.error).toMatch(/ cannot be reached from here\.$/);
  });
});

describe('GET /demo/weather', () => {
  it('answers without signing in, as the document says', async () => {
    const res = await closed.app.inject({ method: 'GET', url: `${DEMO_WEATHER_PATH}?city=Lyon` });
    expectDocumentedAnswer(closed.app.swagger(), { method: 'GET', url: DEMO_WEATHER_PATH }, res);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Lyon', current: { temperature: expect.any(Number) } });
  });
});
