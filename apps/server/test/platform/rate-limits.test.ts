import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MISSES_MAX } from '../../src/plugins/security';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';

const PER_MINUTE = 40;
let t: TestApp;
let guest: Client;
let ipSeq = 0;
/** Each case its own client address: the limits are per IP. */
const nextIp = () => `198.51.100.${++ipSeq}`;
const randomTokenText = () => randomBytes(32).toString('base64url');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
  guest = await t.guest();
});
afterAll(() => t.close());

const from = (remoteAddress: string, method: 'GET' | 'POST', url: string, extra: object = {}) =>
  guest.inject({ method, url, remoteAddress, ...extra });

describe(`the per-IP limit counts every request, whatever its answer (${engine})`, () => {
  it('made-up session cookies: 401 until the limit, then 429 with Retry-After for every route', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const res = await from(ip, 'GET', '/v1/campaigns', {
        cookies: { adstudio_session: randomTokenText() },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, PER_MINUTE).every((code) => code === 401)).toBe(true);
    expect(codes.slice(PER_MINUTE)).toEqual(Array(5).fill(429));
    for (const url of ['/v1/user', '/no-such-path', '/v1/campaigns/externalreport/x']) {
      const res = await from(ip, 'GET', url);
      expect(res.statusCode, url).toBe(429);
      expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await from(nextIp(), 'GET', '/v1/user')).statusCode).toBe(401);
  });

  it('unknown paths count too', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await from(ip, 'GET', `/v1/nope/${i}`)).statusCode).toBe(404);
    expect((await from(ip, 'GET', '/v1/nope')).statusCode).toBe(429);
  });
});

describe(`unknown tokens count toward a per-IP miss limit on every token page (${engine})`, () => {
  /** Token pages; served tags answer known tokens whatever the misses (ad-tags/serving.test.ts). */
  const tokenRoutes = () =>
    t.app.routeTable.filter((r) => r.tokenParam && !r.servesKnownTokens && r.method !== 'HEAD');
  const urlOf = (pattern: string, tokenParam: string) =>
    pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === tokenParam ? randomTokenText() : '1'));

  it('finds the token pages', () => {
    const urls = tokenRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /v1/creatives/externalpreview/:token',
        'GET /v1/campaigns/externalreport/:token',
        'GET /v1/creatives/publisherapproval/:token/approvals',
      ]),
    );
  });

  it('each GET token page answers 404 to unknown tokens until the limit, then 429 with Retry-After', async () => {
    const gets = tokenRoutes().filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(3);
    for (const route of gets) {
      const ip = nextIp();
      const codes: number[] = [];
      for (let i = 0; i <= TOKEN_MISSES_MAX; i++)
        codes.push((await from(ip, 'GET', urlOf(route.url, route.tokenParam!))).statusCode);
      expect(codes.slice(0, TOKEN_MISSES_MAX), route.url).toEqual(Array(TOKEN_MISSES_MAX).fill(404));
      const refused = await from(ip, 'GET', urlOf(route.url, route.tokenParam!));
      expect(refused.statusCode, route.url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    }
  });

  it('a locked-out IP is refused on every token page, writes included, and other IPs are not', async () => {
    const ip = nextIp();
    const report = t.app.routeTable.find((r) => r.url === '/v1/campaigns/externalreport/:token')!;
    for (let i = 0; i < TOKEN_MISSES_MAX; i++) await from(ip, 'GET', urlOf(report.url, 'token'));
    for (const route of tokenRoutes()) {
      const res = await from(ip, route.method as 'GET' | 'POST', urlOf(route.url, route.tokenParam!), {
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(429);
    }
    expect((await from(nextIp(), 'GET', urlOf(report.url, 'token'))).statusCode).toBe(404);
  });
});
