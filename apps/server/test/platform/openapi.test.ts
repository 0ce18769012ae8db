import type { Status } from '@adstudio/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRoute, operationIdOf } from '../../src/plugins/route-docs';
import { insertApproval, insertCampaign, insertCreative } from '../campaigns/fixtures';
import { buildTestApp, type Client, PASSWORD, type TestApp } from '../helper';
import { documentedOperations, expectDocumentedAnswer, openApiPath } from '../openapi';

/**
 * Drives every operation of /docs/json through its answers with real data and checks each answer
 * against the document (status documented, body valid). A route added later fails the last test
 * until it is exercised here.
 */

let t: TestApp;
let doc: object;
let admin: Client;
let reader: Client;
let guest: Client;
/** Statuses seen per operation (`GET /v1/campaigns/{id}`). */
const answered = new Map<string, Set<number>>();

beforeAll(async () => {
  t = await buildTestApp();
  doc = t.app.swagger();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  // Signed in, but no section: every permission check refuses.
  reader = await t.injectAs(await t.createUser());
  guest = await t.guest();
});
afterAll(() => t.close());

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header (default true). */
  xsrf?: boolean;
}

/** Calls `method pattern` as `client`, expects `status`, and checks the answer against `document`. */
async function answer(
  client: Client,
  method: string,
  pattern: string,
  status: number,
  call: Call = {},
  document = doc,
) {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(call.params?.[name])),
  );
  const url = call.query ? `${path}?${new URLSearchParams(call.query)}` : path;
  const res = await client.inject({
    method: method as 'GET',
    url,
    payload: call.payload,
    headers: call.headers,
    xsrf: call.xsrf,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(status);
  expectDocumentedAnswer(document, { method, url: pattern }, res);
  const key = `${method} ${openApiPath(pattern)}`;
  answered.set(key, (answered.get(key) ?? new Set()).add(status));
  return res;
}

const campaign = (name: string, status: Status = 'draft') =>
  insertCampaign(t.db, { companyId: t.companyId, name, status });
const MISSING = 999_999;

describe('the document', () => {
  it('gives every operation a unique operationId, its security and the common answers', () => {
    const operations = documentedOperations(doc);
    expect(operations.length).toBeGreaterThan(20);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    const paths = (doc as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    for (const { method, url } of operations) {
      const operation = paths[url]![method.toLowerCase()]!;
      const responses = operation.responses as Record<string, { content?: unknown }>;
      const security = operation.security as Record<string, string[]>[];
      const where = `${method} ${url}`;
      expect(Array.isArray(security), where).toBe(true);
      expect(responses['500'], where).toBeDefined();
      if (security.some((requirement) => 'session' in requirement)) {
        expect([where, '401' in responses, '419' in responses]).toEqual([where, true, true]);
      }
      if (responses['204']) expect([where, responses['204'].content]).toEqual([where, undefined]);
    }
    const schemes = (doc as { components: { securitySchemes: Record<string, unknown> } }).components
      .securitySchemes;
    expect(schemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'adstudio_session' }),
      xsrf: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' }),
    });
  });

  it('marks session routes, XSRF-checked writes and public routes', () => {
    const security = (method: string, path: string) =>
      (doc as { paths: Record<string, Record<string, { security: unknown }>> }).paths[path]![method]!
        .security;
    expect(security('get', '/v1/campaigns')).toEqual([{ session: [] }]);
    expect(security('put', '/v1/campaigns/{id}')).toEqual([{ session: [], xsrf: [] }]);
    expect(security('post', '/logout')).toEqual([{ xsrf: [] }]);
    expect(security('get', '/healthz')).toEqual([]);
    expect(security('put', '/storage/tmp/{uuid}')).toEqual([]);
  });

  it('leaves hidden routes out and keeps the search query a path parameter', () => {
    const paths = Object.keys((doc as { paths: object }).paths);
    expect(paths).toContain('/v1/search/{query}');
    expect(paths.filter((path) => path.includes('*') || path.startsWith('/docs'))).toEqual([]);
    expect(Object.keys((doc as { paths: Record<string, object> }).paths['/auth/login']!)).toEqual(['post']);
  });
});

describe('the answer validator', () => {
  const json = (statusCode: number, body: unknown) => ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: JSON.stringify(body),
  });
  const route = { method: 'DELETE', url: '/v1/campaigns/:id' };

  it('accepts a documented answer', () => {
    expect(() =>
      expectDocumentedAnswer(doc, route, json(404, { message: 'Cannot find this item.' })),
    ).not.toThrow();
    const empty = { statusCode: 204, headers: {}, payload: '' };
    expect(() => expectDocumentedAnswer(doc, route, empty)).not.toThrow();
  });

  it('refuses an undocumented status, a body off its schema, a 204 with a body, an unknown route', () => {
    expect(() => expectDocumentedAnswer(doc, route, json(418, { message: 'Teapot.' }))).toThrow(
      /not documented/,
    );
    expect(() => expectDocumentedAnswer(doc, route, json(404, { error: 'gone' }))).toThrow(/does not match/);
    expect(() =>
      expectDocumentedAnswer(doc, route, { statusCode: 204, headers: {}, payload: 'null' }),
    ).toThrow(/without a body/);
    const html = { statusCode: 404, headers: { 'content-type': 'text/html' }, payload: '<p>gone</p>' };
    expect(() => expectDocumentedAnswer(doc, route, html)).toThrow(/content type "text\/html"/);
    expect(() => expectDocumentedAnswer(doc, { method: 'GET', url: '/v1/nowhere' }, json(200, {}))).toThrow(
      /no such operation/,
    );
  });
});

describe('route-docs, the one place that completes a route', () => {
  it('derives readable operationIds from method and path, and keeps a route’s own', () => {
    expect(operationIdOf('GET', '/v1/campaigns/:id/report/links')).toBe('getCampaignsByIdReportLinks');
    expect(operationIdOf('POST', '/vapor/signed-storage-url')).toBe('postVaporSignedStorageUrl');
    const own = documentRoute({ method: 'GET', url: '/v1/x', schema: { operationId: 'listX' } });
    expect(own.operationId).toBe('listX');
  });

  it('documents a token route by its token: no session, 404 and 410', () => {
    const schema = documentRoute({
      method: 'GET',
      url: '/v1/report/:token',
      config: { public: true, xsrf: false, tokenParam: 'token' },
      schema: { summary: 'A report' },
    });
    expect(schema.security).toEqual([]);
    expect(Object.keys(schema.response as object).sort()).toEqual(['404', '410', '429', '500']);
    expect(schema.description).toMatch(/\{token\}/);
  });

  it('adds 401 and 419 to session routes, 422 to validated ones, 404 to ids in the path', () => {
    const keys = (route: Parameters<typeof documentRoute>[0]) =>
      Object.keys(documentRoute(route).response as object).sort();
    expect(keys({ method: 'GET', url: '/v1/things' })).toEqual(['401', '419', '429', '500']);
    expect(keys({ method: 'DELETE', url: '/v1/things/:id', config: { rateLimit: false } })).toEqual([
      '401',
      '404',
      '419',
      '500',
    ]);
    expect(keys({ method: 'POST', url: '/hooks', schema: { body: {} } })).toEqual([
      '400',
      '413',
      '415',
      '419',
      '422',
      '429',
      '500',
    ]);
  });
});

describe('every documented operation answers as documented', () => {
  it('session: sign-in, sign-out, the XSRF cookie', async () => {
    const user = await t.createUser();
    const visitor = await t.guest();
    await answer(visitor, 'GET', '/healthz', 200);
    await answer(visitor, 'GET', '/sanctum/csrf-cookie', 204);
    await answer(visitor, 'POST', '/auth/login', 200, { payload: { email: user.email, password: PASSWORD } });
    await answer(visitor, 'GET', '/v1/user', 200);
    await answer(visitor, 'POST', '/logout', 419, { xsrf: false });
    await answer(visitor, 'POST', '/logout', 204);

    const json = { email: user.email, password: 'wrong password' };
    await answer(visitor, 'POST', '/auth/login', 419, { payload: json, xsrf: false });
    await answer(visitor, 'POST', '/auth/login', 422, { payload: json });
    await answer(visitor, 'POST', '/auth/login', 422, { payload: [] });
    await answer(visitor, 'POST', '/auth/login', 400, {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    await answer(visitor, 'POST', '/auth/login', 415, {
      payload: '<email/>',
      headers: { 'content-type': 'application/xml' },
    });

    const form = (fields: Record<string, string>) => ({
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    const page = await answer(visitor, 'POST', '/auth/login', 422, form({ ...json, _token: visitor.xsrf }));
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    await answer(visitor, 'POST', '/auth/login', 419, form({ ...json, _token: 'stale' }));
    await answer(
      visitor,
      'POST',
      '/auth/login',
      302,
      form({ email: user.email, password: PASSWORD, _token: visitor.xsrf }),
    );

    // The sign-in throttle: the attempts after the allowed failures answer 429.
    const throttled = { email: 'nobody@example.com', password: 'wrong password' };
    for (let i = 0; i < t.config.login.maxAttempts; i++) {
      await answer(visitor, 'POST', '/auth/login', 422, { payload: throttled });
    }
    await answer(visitor, 'POST', '/auth/login', 429, { payload: throttled });
  });

  it('signed-in routes: 401 without a session, 419 once it expired or without the XSRF header', async () => {
    await answer(guest, 'GET', '/v1/user', 401);
    await answer(guest, 'GET', '/v1/dashboard', 401);
    await answer(guest, 'GET', '/v1/campaigns', 401);
    await answer(guest, 'POST', '/v1/campaigns', 401, { payload: { name: 'Nope' } });
    await answer(guest, 'GET', '/v1/search/:query', 401, { params: { query: 'U3ByaW5n' } });
    await answer(admin, 'POST', '/v1/campaigns', 419, { payload: { name: 'Nope' }, xsrf: false });
    await answer(admin, 'PUT', '/v1/user/settings', 419, { payload: { items_per_page: 10 }, xsrf: false });

    const user = await t.createUser();
    const expired = await t.injectAs(user);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.id)
      .execute();
    await answer(expired, 'GET', '/v1/user/settings', 419);
  });

  it('account: profile, password and settings', async () => {
    const user = await t.createUser();
    const me = await t.injectAs(user);
    await answer(me, 'PUT', '/v1/user', 200, { payload: { name: 'Renamed', email: user.email } });
    await answer(me, 'PUT', '/v1/user', 422, { payload: { name: '', email: user.email } });
    await answer(me, 'GET', '/v1/user/settings', 200);
    await answer(me, 'PUT', '/v1/user/settings', 200, { payload: { items_per_page: 50 } });
    await answer(me, 'PUT', '/v1/user/settings', 422, { payload: { items_per_page: 7 } });
    await answer(me, 'PUT', '/v1/user/password', 422, {
      payload: { current_password: 'wrong password', password: 'a new password', password_confirmation: 'x' },
    });
    const password = 'a brand new password';
    await answer(me, 'PUT', '/v1/user/password', 204, {
      payload: { current_password: PASSWORD, password, password_confirmation: password },
    });
  });

  it('dashboard, search and feedback', async () => {
    await campaign('Searchable spring');
    await answer(admin, 'GET', '/v1/dashboard', 200);
    const query = Buffer.from('Searchable').toString('base64');
    const found = await answer(admin, 'GET', '/v1/search/:query', 200, { params: { query } });
    expect(JSON.stringify(found.json())).toContain('Searchable spring');
    await answer(admin, 'POST', '/v1/feedback', 201, { payload: { message: 'Lovely.', page: '/campaigns' } });
    await answer(admin, 'POST', '/v1/feedback', 422, { payload: { message: '' } });
    await answer(admin, 'POST', '/v1/feedback', 400, {
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('campaigns: list, create, bulk', async () => {
    const id = await campaign('Listed');
    const list = await answer(admin, 'GET', '/v1/campaigns', 200, { query: { 'items-per-page': '1' } });
    expect(list.json().data).toHaveLength(1);
    await answer(admin, 'GET', '/v1/campaigns', 422, { query: { page: '0' } });
    await answer(reader, 'GET', '/v1/campaigns', 403);

    await answer(admin, 'POST', '/v1/campaigns', 201, { payload: { name: 'Created' } });
    await answer(admin, 'POST', '/v1/campaigns', 422, { payload: { name: '' } });
    const xml = { payload: '<name/>', headers: { 'content-type': 'application/xml' } };
    await answer(admin, 'POST', '/v1/campaigns', 415, xml);
    await answer(reader, 'POST', '/v1/campaigns', 403, { payload: { name: 'Refused' } });

    const bulk = { action: 'status', ids: [id, MISSING], status: 'quality assurance' };
    await answer(admin, 'POST', '/v1/campaigns/bulk', 200, { payload: bulk });
    await answer(admin, 'POST', '/v1/campaigns/bulk', 422, { payload: { action: 'archive', ids: [id] } });
    await answer(reader, 'POST', '/v1/campaigns/bulk', 403, { payload: bulk });
  });

  it('campaigns: one campaign', async () => {
    const id = await campaign('One');
    const params = { id };
    const shown = await answer(admin, 'GET', '/v1/campaigns/:id', 200, {
      params,
      query: { include: 'history' },
    });
    await answer(admin, 'GET', '/v1/campaigns/:id', 404, { params: { id: MISSING } });
    await answer(admin, 'GET', '/v1/campaigns/:id', 404, { params: { id: '1e3' } });
    await answer(admin, 'GET', '/v1/campaigns/:id', 422, { params, query: { include: 'everything' } });
    await answer(reader, 'GET', '/v1/campaigns/:id', 403, { params });

    const updatedAt = shown.json().data.updated_at;
    const edit = { name: 'One, renamed', updated_at: updatedAt };
    await answer(admin, 'PUT', '/v1/campaigns/:id', 200, { params, payload: edit });
    await answer(admin, 'PUT', '/v1/campaigns/:id', 409, { params, payload: { ...edit, name: 'Stale' } });
    await answer(admin, 'PUT', '/v1/campaigns/:id', 422, { params, payload: { name: '' } });
    await answer(admin, 'PUT', '/v1/campaigns/:id', 404, { params: { id: MISSING }, payload: edit });
    await answer(reader, 'PUT', '/v1/campaigns/:id', 403, { params, payload: edit });

    await answer(admin, 'POST', '/v1/campaigns/:id/clone', 201, { params });
    await answer(admin, 'POST', '/v1/campaigns/:id/clone', 404, { params: { id: MISSING } });
    await answer(reader, 'POST', '/v1/campaigns/:id/clone', 403, { params });

    const live = await campaign('Has a live creative', 'live');
    await insertCreative(t.db, { companyId: t.companyId, campaignId: live, name: 'Banner', status: 'live' });
    await answer(admin, 'DELETE', '/v1/campaigns/:id', 422, { params: { id: live } });
    await answer(reader, 'DELETE', '/v1/campaigns/:id', 403, { params });
    await answer(admin, 'DELETE', '/v1/campaigns/:id', 204, { params });
    await answer(admin, 'DELETE', '/v1/campaigns/:id', 404, { params });

    await answer(reader, 'POST', '/v1/campaigns/:id/restore', 403, { params });
    await answer(admin, 'POST', '/v1/campaigns/:id/restore', 200, { params });
    await answer(admin, 'POST', '/v1/campaigns/:id/restore', 404, { params });
    const twin = await campaign('Twin');
    await answer(admin, 'DELETE', '/v1/campaigns/:id', 204, { params: { id: twin } });
    await campaign('twin');
    await answer(admin, 'POST', '/v1/campaigns/:id/restore', 422, { params: { id: twin } });
  });

  it('creatives: list, create, bulk', async () => {
    const campaignId = await campaign('Creative home');
    const id = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Listed creative' });
    const list = await answer(admin, 'GET', '/v1/creatives', 200, {
      query: { campaign_id: String(campaignId), status: 'draft,live', size: '300x250' },
    });
    expect(list.json().data).toHaveLength(1);
    await answer(admin, 'GET', '/v1/creatives', 422, { query: { size: 'big' } });
    await answer(reader, 'GET', '/v1/creatives', 403);

    const body = { campaign_id: campaignId, name: 'Created creative', width: 728, height: 90 };
    await answer(admin, 'POST', '/v1/creatives', 201, { payload: body });
    await answer(admin, 'POST', '/v1/creatives', 422, { payload: { ...body, width: 0 } });
    await answer(reader, 'POST', '/v1/creatives', 403, { payload: body });

    const bulk = { action: 'status', ids: [id, MISSING], status: 'testing' };
    await answer(admin, 'POST', '/v1/creatives/bulk', 200, { payload: bulk });
    await answer(admin, 'POST', '/v1/creatives/bulk', 422, { payload: { action: 'archive', ids: [id] } });
    await answer(reader, 'POST', '/v1/creatives/bulk', 403, { payload: { action: 'delete', ids: [id] } });
  });

  it('creatives: one creative', async () => {
    const campaignId = await campaign('Creative parent');
    const id = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'One creative' });
    const params = { id };
    const missing = { id: MISSING };
    const shown = await answer(admin, 'GET', '/v1/creatives/:id', 200, {
      params,
      query: { include: 'history' },
    });
    await answer(admin, 'GET', '/v1/creatives/:id', 404, { params: missing });
    await answer(admin, 'GET', '/v1/creatives/:id', 422, { params, query: { include: 'all' } });
    await answer(reader, 'GET', '/v1/creatives/:id', 403, { params });

    const edit = { name: 'One creative, renamed', updated_at: shown.json().data.updated_at };
    await answer(admin, 'PUT', '/v1/creatives/:id', 200, { params, payload: edit });
    await answer(admin, 'PUT', '/v1/creatives/:id', 409, { params, payload: { ...edit, name: 'Stale' } });
    await answer(admin, 'PUT', '/v1/creatives/:id', 422, { params, payload: { height: 5000 } });
    await answer(admin, 'PUT', '/v1/creatives/:id', 404, { params: missing, payload: edit });
    await answer(reader, 'PUT', '/v1/creatives/:id', 403, { params, payload: edit });

    await answer(admin, 'POST', '/v1/creatives/:id/clone', 201, { params });
    await answer(admin, 'POST', '/v1/creatives/:id/clone', 404, { params: missing });
    await answer(reader, 'POST', '/v1/creatives/:id/clone', 403, { params });

    const live = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: await campaign('Live home'),
      name: 'Live',
      status: 'live',
    });
    await answer(admin, 'DELETE', '/v1/creatives/:id', 422, { params: { id: live } });
    await answer(reader, 'DELETE', '/v1/creatives/:id', 403, { params });
    await answer(admin, 'DELETE', '/v1/creatives/:id', 204, { params });
    await answer(admin, 'DELETE', '/v1/creatives/:id', 404, { params });

    await answer(reader, 'POST', '/v1/creatives/:id/restore', 403, { params });
    await answer(admin, 'POST', '/v1/creatives/:id/restore', 200, { params });
    await answer(admin, 'POST', '/v1/creatives/:id/restore', 404, { params });
    await answer(admin, 'DELETE', '/v1/creatives/:id', 204, { params });
    await answer(admin, 'DELETE', '/v1/campaigns/:id', 204, { params: { id: campaignId } });
    await answer(admin, 'POST', '/v1/creatives/:id/restore', 422, { params });
  });

  it('campaigns: approvals and report links', async () => {
    const id = await campaign('Related');
    const creativeId = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: id,
      name: 'Leaderboard',
    });
    await insertApproval(t.db, {
      companyId: t.companyId,
      campaignId: id,
      creativeId,
      publisher: 'Daily News',
    });
    const params = { id };
    const missing = { id: MISSING };

    const approvals = await answer(admin, 'GET', '/v1/campaigns/:id/approvals', 200, { params });
    expect(approvals.json().data).toHaveLength(1);
    await answer(admin, 'GET', '/v1/campaigns/:id/approvals', 404, { params: missing });
    await answer(reader, 'GET', '/v1/campaigns/:id/approvals', 403, { params });

    const created = await answer(admin, 'POST', '/v1/campaigns/:id/report/url', 201, {
      params,
      payload: { start: '2026-01-01', end: '2026-01-31' },
    });
    await answer(admin, 'POST', '/v1/campaigns/:id/report/url', 201, { params });
    await answer(admin, 'POST', '/v1/campaigns/:id/report/url', 422, { params, payload: { start: 'soon' } });
    await answer(admin, 'POST', '/v1/campaigns/:id/report/url', 404, { params: missing, payload: {} });
    await answer(reader, 'POST', '/v1/campaigns/:id/report/url', 403, { params, payload: {} });
    const links = await answer(admin, 'GET', '/v1/campaigns/:id/report/links', 200, { params });
    expect(links.json().data).toHaveLength(2);
    await answer(admin, 'GET', '/v1/campaigns/:id/report/links', 404, { params: missing });
    await answer(reader, 'GET', '/v1/campaigns/:id/report/links', 403, { params });

    const link = { id, linkId: created.json().data.id };
    await answer(reader, 'DELETE', '/v1/campaigns/:id/report/links/:linkId', 403, { params: link });
    await answer(admin, 'DELETE', '/v1/campaigns/:id/report/links/:linkId', 204, { params: link });
    await answer(admin, 'DELETE', '/v1/campaigns/:id/report/links/:linkId', 404, { params: link });
  });

  it('uploads: a signed URL, then the PUT to it', async () => {
    const editor = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
    const signed = await answer(editor, 'POST', '/vapor/signed-storage-url', 201, {
      payload: { content_type: 'text/plain' },
    });
    await answer(editor, 'POST', '/vapor/signed-storage-url', 422, {
      payload: { content_type: 'not a type' },
    });
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    await answer(qa, 'POST', '/vapor/signed-storage-url', 403, { payload: {} });

    const url = new URL(signed.json().url);
    const uuid = url.pathname.split('/').pop()!;
    const query = Object.fromEntries(url.searchParams);
    const put = {
      params: { uuid },
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      xsrf: false,
    };
    const anonymous = await t.guest();
    await answer(anonymous, 'PUT', '/storage/tmp/:uuid', 403, {
      ...put,
      query: { ...query, signature: 'x' },
    });
    await answer(anonymous, 'PUT', '/storage/tmp/:uuid', 200, { ...put, query });
    await answer(anonymous, 'PUT', '/storage/tmp/:uuid', 422, { ...put, params: { uuid: 'nope' }, query });
  });

  it('failures: 500 with a request id, 413 and 429 from the limits', async () => {
    // The table goes away under the app: a real unexpected failure.
    await t.db.schema.alterTable('feedback').renameTo('feedback_gone').execute();
    try {
      const res = await answer(admin, 'POST', '/v1/feedback', 500, { payload: { message: 'Hello?' } });
      expect(res.json().request_id).toEqual(expect.any(String));
    } finally {
      await t.db.schema.alterTable('feedback_gone').renameTo('feedback').execute();
    }

    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '12', MAX_UPLOAD_MB: '1' });
    try {
      const limitedDoc = limited.app.swagger();
      const editor = await limited.injectAs(await limited.createUser({ roles: ['admin'] }));
      const big = { message: 'x'.repeat(10 * 1024 * 1024) };
      await answer(editor, 'POST', '/v1/feedback', 413, { payload: big }, limitedDoc);
      const signed = await answer(
        editor,
        'POST',
        '/vapor/signed-storage-url',
        201,
        { payload: {} },
        limitedDoc,
      );
      const url = new URL(signed.json().url);
      await answer(
        editor,
        'PUT',
        '/storage/tmp/:uuid',
        413,
        {
          params: { uuid: url.pathname.split('/').pop()! },
          query: Object.fromEntries(url.searchParams),
          headers: { 'content-type': 'application/octet-stream' },
          payload: Buffer.alloc(1024 * 1024 + 1),
          xsrf: false,
        },
        limitedDoc,
      );
      // Spend what is left of the minute, then every route answers 429.
      for (let i = 0; i < 12; i++) {
        const res = await editor.get('/sanctum/csrf-cookie');
        if (res.statusCode === 429) break;
      }
      await answer(editor, 'GET', '/sanctum/csrf-cookie', 429, {}, limitedDoc);
      await answer(editor, 'GET', '/v1/campaigns', 429, {}, limitedDoc);
      await answer(
        editor,
        'POST',
        '/auth/login',
        429,
        { payload: { email: 'a@b.c', password: 'x' } },
        limitedDoc,
      );
    } finally {
      await limited.close();
    }
  });

  it('exercised every documented operation, each at least once with success', () => {
    const success = (statuses: Set<number> | undefined) => [...(statuses ?? [])].some((s) => s < 400);
    const missing = documentedOperations(doc)
      .map(({ method, url }) => `${method} ${url}`)
      .filter((operation) => !success(answered.get(operation)));
    expect(missing, 'operations this test does not exercise (add them here)').toEqual([]);
  });
});
