import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/types';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer, findOperation } from '../openapi';

let t: TestApp;
beforeAll(async () => {
  // Thousands of refused requests from one address: the per-IP limit (tested in rate-limits.test.ts) stays out of the way.
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(() => t.close());

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every registered route but the HEAD twins Fastify adds for each GET (they share the GET's guard). */
const routes = (): RouteEntry[] => t.app.routeTable.filter((r) => r.method !== 'HEAD');
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

/** `%76%31` for `v1`: every character of the first segment percent-encoded. */
const encodeFirstSegment = (path: string) =>
  path.replace(
    /^\/([^/]+)/,
    (_m, segment: string) =>
      `/${[...segment].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}`,
  );

/** The spellings of one path that the router treats as the same route. */
const spellings = (route: RouteEntry) => {
  const path = concrete(route.url);
  return [
    path,
    encodeFirstSegment(path),
    path.replaceAll('/', '//'),
    path.endsWith('/') ? `${path}x/` : `${path}/`,
  ].filter((spelled, i, all) => all.indexOf(spelled) === i);
};

let answersChecked = 0;
/** Sends one request for `route`; when the route is documented, its answer must match the document. */
const send = async (client: Client, route: RouteEntry, url: string, options: { xsrf?: boolean } = {}) => {
  const res = await client.inject({
    method: route.method as 'GET',
    url,
    ...(SAFE.has(route.method) ? {} : { payload: {} }),
    ...options,
  });
  const doc = t.app.swagger();
  if (findOperation(doc, route)) {
    expectDocumentedAnswer(doc, route, res);
    answersChecked++;
  }
  return res;
};

/** The API routes a token authorizes instead of a session (docs/design.md §9), each tested in test/token-pages. */
const TOKEN_ROUTES = [
  'GET /v1/creatives/externalpreview/:token',
  'GET /v1/creatives/externalpreview/:token/simulate',
  'GET /v1/campaigns/externalreport/:token',
  'GET /v1/campaigns/externalreport/:token/new',
  'GET /v1/creatives/publisherapproval/:token/approvals',
  'POST /v1/creatives/publisherapproval/:token/approvals/:approvalId',
];

describe('every route, as registered, in every spelling of its path', () => {
  it('has API routes, and every one of them needs a session but the token pages’ (their token is the credential)', () => {
    const api = routes().filter((r) => /^\/(v1|vapor)\//.test(r.url));
    expect(api.length).toBeGreaterThan(10);
    expect(api.filter((r) => r.public).map((r) => `${r.method} ${r.url}`)).toEqual(TOKEN_ROUTES);
  });

  it('answers 401 Unauthenticated without a session, before any handler runs', async () => {
    const guest = await t.guest();
    const checked: string[] = [];
    for (const route of routes().filter((r) => !r.public)) {
      for (const url of spellings(route)) {
        const res = await send(guest, route, url);
        checked.push(`${route.method} ${url} ${res.statusCode} ${res.body}`);
      }
    }
    expect(checked.length).toBeGreaterThan(40);
    for (const line of checked) expect(line).toMatch(/ 401 \{"message":"Unauthenticated\."\}$/);
  });

  it('answers 419 on every such route once the session has expired', async () => {
    const user = await t.createUser({ roles: ['admin'] });
    const client = await t.injectAs(user);
    const session = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const stale = new Date(Date.now() - (t.config.session.idleMinutes + 1) * 60_000).toISOString();
    const cookies = { ...client.cookies };
    for (const route of routes().filter((r) => !r.public)) {
      for (const url of spellings(route)) {
        // The same session, idle too long (the server deletes it when it answers 419).
        await t.db.deleteFrom('sessions').where('id', '=', session.id).execute();
        await t.db
          .insertInto('sessions')
          .values({ ...session, last_seen_at: stale })
          .execute();
        Object.assign(client.cookies, cookies);
        const res = await send(client, route, url);
        expect(`${route.method} ${url} ${res.statusCode}`).toBe(`${route.method} ${url} 419`);
      }
    }
  });

  it('refuses every state-changing call without or with a wrong XSRF header with 419, even for an admin', async () => {
    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    // Writes, and the GETs that change state (docs/design.md §4).
    const writes = routes().filter((r) => r.xsrf === 'always' || (!SAFE.has(r.method) && r.xsrf));
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /logout',
        'POST /v1/campaigns',
        'POST /vapor/signed-storage-url',
        'GET /v1/assets/:id/restore',
        'GET /v1/creatives/:id/fallback/:assetId',
      ]),
    );
    for (const route of writes) {
      for (const url of spellings(route)) {
        const missing = await send(admin, route, url, { xsrf: false });
        expect({ route: `${route.method} ${url}`, status: missing.statusCode, body: missing.json() }).toEqual(
          {
            route: `${route.method} ${url}`,
            status: 419,
            body: { message: 'CSRF token mismatch.' },
          },
        );
        const wrong = await admin.inject({
          method: route.method as 'POST',
          url,
          payload: {},
          headers: { 'x-xsrf-token': 'A'.repeat(43) },
          xsrf: false,
        });
        expect(`${route.method} ${url} ${wrong.statusCode}`).toBe(`${route.method} ${url} 419`);
      }
    }
    // The admin is still signed in: no write went through.
    expect((await admin.get('/v1/user')).statusCode).toBe(200);
  });

  it('never answers 5xx, signed in with the XSRF header, on any route and spelling', async () => {
    const user = await t.createUser({ roles: ['admin'] });
    let admin = await t.injectAs(user);
    const answers: string[] = [];
    for (const route of routes()) {
      for (const url of spellings(route)) {
        const res = await send(admin, route, url);
        answers.push(`${route.method} ${url} ${res.statusCode}`);
        // Signing out is one of the routes; carry on signed in.
        if (!admin.cookies.adstudio_session) admin = await t.injectAs(user);
      }
    }
    expect(answers.filter((line) => / 5\d\d$/.test(line))).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
  }, 90_000); // every route × every spelling: ~1,000 requests, more with each slice

  it('answered as the OpenAPI document says, on every documented route', () => {
    expect(answersChecked).toBeGreaterThan(300);
  });
});
