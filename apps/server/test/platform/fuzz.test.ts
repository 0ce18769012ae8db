import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/types';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { rowFingerprint } from '../row-fingerprint';
import { insertCampaign, insertCreative } from '../rows';

/**
 * Malformed input thrown at every registered route (so routes added later are covered without
 * editing this file): the server never answers 5xx, and a refused request changes no row.
 * Cases per route are bounded so the whole run stays well under a minute per engine: on PostgreSQL,
 * whose row fingerprint is a query per table over the network, half as many (FUZZ_RUNS sets both).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? (engine === 'postgres' ? 12 : 25));

let t: TestApp;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Fuzzed campaign' });
  await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Fuzzed creative' });
  const other = await t.createCompany();
  await insertCampaign(t.db, { companyId: other, name: 'Other company' });
  fingerprint = await rowFingerprint(t);
});
afterAll(() => t.close());

const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '2026-02-30',
  '9999-99-99',
  '2026-13-01T25:61:00Z',
  '0000-00-00',
  '===',
  '!!!!',
  'YQ=x',
  '8J+YgA',
  "'; drop table campaigns; --",
  '<script>alert(1)</script>',
  'Ünïcödé 🎉 ﷽',
  'a'.repeat(5000),
];
const text = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);
const FIELDS = [
  '__proto__',
  'constructor',
  'prototype',
  'name',
  'url',
  'ranges',
  'launch_date',
  'end_date',
  'status',
  'ids',
  'action',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'updated_at',
  'bucket',
  'content_type',
  'key',
  'start',
  'end',
  'expires_at',
  'items_per_page',
  'message',
  'avatar',
  '_token',
  'redirect_app',
];
const key = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 }));
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
}));

const RAW_JSON = [
  '{',
  '{"a":',
  'nul',
  '[1,]',
  '"\\ud800"',
  '{"__proto__":{"admin":true,"roles":["admin"]}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"name":{"__proto__":null}}',
  `{"a":${'['.repeat(5000)}`,
  '\u0000',
];

interface Body {
  payload?: string;
  contentType?: string;
}
const body: fc.Arbitrary<Body> = fc.oneof(
  value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
  fc.dictionary(key, value, { maxKeys: 6 }).map((v) => ({
    payload: JSON.stringify(v),
    contentType: 'application/json',
  })),
  fc.constantFrom(...RAW_JSON).map((payload) => ({ payload, contentType: 'application/json' })),
  fc
    .tuple(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'image/png',
        '',
      ),
    )
    .map(([payload, contentType]) => ({ payload, contentType })),
  fc.constant({}),
);

const query = fc.oneof(
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom(
          'page',
          'sort-by',
          'sort-order',
          'date',
          'filter',
          'items-per-page',
          'include',
          'status',
        ),
        fc.constantFrom('__proto__', 'constructor', 'page[]', 'filter[a]'),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(text, fc.array(text, { maxLength: 3 })),
      { maxKeys: 5 },
    )
    .map((params) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) search.append(k, one);
      return search.toString();
    }),
  fc.constantFrom('%%%', '&&=&', 'page=1&page=2', 'a=%E0%A4%A', '=x'),
);

/** Percent-encoded; text that is not valid UTF-16 (a lone surrogate) goes as its replacement bytes. */
const encodePart = (part: string) => {
  try {
    return encodeURIComponent(part);
  } catch {
    return [...Buffer.from(part)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
};

/** The route's pattern with each parameter replaced by fuzzed text (encoded, so the route still matches). */
const path = (route: RouteEntry) => {
  const holes = route.url.match(/:[A-Za-z]+|\*$/g) ?? [];
  return fc
    .tuple(...holes.map(() => fc.oneof(text, fc.integer().map(String), fc.constantFrom('1', '2', '3'))))
    .map((values) => {
      let i = 0;
      return route.url.replace(/:[A-Za-z]+|\*$/g, () => encodePart(values[i++] ?? ''));
    });
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

describe('fuzzing every route', () => {
  it('never answers 5xx, and a refused request changes no row', async () => {
    const user = await t.createUser({ roles: ['admin'] });
    let admin: Client = await t.injectAs(user);
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    let before = await fingerprint();
    let cases = 0;

    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(path(route), query, body, async (url, search, sent) => {
          cases++;
          const headers: Record<string, string> = {};
          if (sent.contentType) headers['content-type'] = sent.contentType;
          const res = await admin.inject({
            method: route.method as 'POST',
            url: search ? `${url}?${search}` : url,
            headers,
            ...(SAFE.has(route.method) || sent.payload === undefined ? {} : { payload: sent.payload }),
          });
          const where = `${route.method} ${url}?${search} ${sent.contentType ?? ''} ${sent.payload?.slice(0, 200) ?? ''}`;
          expect(res.statusCode, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
          const after = await fingerprint();
          if (res.statusCode >= 400) expect(after === before, `${where} changed rows`).toBe(true);
          before = after;
          // Signing out is one of the routes; carry on signed in.
          if (!admin.cookies.adstudio_session) {
            admin = await t.injectAs(user);
            before = await fingerprint();
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(cases).toBe(routes.length * RUNS_PER_ROUTE);
  }, 300_000);
});
