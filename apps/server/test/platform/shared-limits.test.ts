import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { sweepRateLimits } from '../../src/lib/rate-limit-store';
import { TOKEN_MISSES_MAX } from '../../src/plugins/security';
import { buildTestApp, engine, secondInstance, type TestApp } from '../helper';

/**
 * Limits shared by every instance (issue 47): two servers on one database, as two processes behind
 * a load balancer would be, answer RATE_LIMIT_PER_MINUTE requests of one address in all, not each.
 * PostgreSQL counts in its database; with REDIS_URL (TEST_REDIS_URL here) both count in Redis.
 */
const PER_MINUTE = 40;
/** A documentation address no other test uses, new for every run (Redis keeps counts between runs). */
const freshIp = () => `2001:db8:${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}::1`;
const randomTokenText = () => randomBytes(32).toString('base64url');

function sharedLimitCases(name: string, env: () => Record<string, string>) {
  describe(name, () => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof secondInstance>>;
    let other: App;

    beforeAll(async () => {
      t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), ...env() });
      second = await secondInstance(t);
      other = second.app;
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    /** The i-th request goes to one instance or the other, as a round-robin balancer sends them. */
    const send = (i: number, options: InjectOptions) => (i % 2 === 0 ? t.app : other).inject(options);

    it(`two instances answer ${PER_MINUTE} requests of one address in all, then 429 on both`, async () => {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < PER_MINUTE + 6; i++)
        codes.push((await send(i, { method: 'GET', url: '/v1/user', remoteAddress: ip })).statusCode);
      expect(codes.filter((code) => code !== 429)).toHaveLength(PER_MINUTE);
      expect(codes.slice(0, PER_MINUTE).every((code) => code === 401)).toBe(true);
      expect(codes.slice(PER_MINUTE)).toEqual(Array(6).fill(429));
      // Another address still has its own minute, on either instance.
      for (const app of [t.app, other])
        expect(
          (await app.inject({ method: 'GET', url: '/v1/user', remoteAddress: freshIp() })).statusCode,
        ).toBe(401);
    });

    it('requests at the same moment on both instances are each counted once', async () => {
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: PER_MINUTE + 10 }, (_, i) =>
          send(i, { method: 'GET', url: '/v1/user', remoteAddress: ip }),
        ),
      );
      expect(answers.filter((res) => res.statusCode !== 429)).toHaveLength(PER_MINUTE);
    });

    it('unknown tokens tried on both instances lock the address out of both', async () => {
      const ip = freshIp();
      const url = () => `/v1/campaigns/externalreport/${randomTokenText()}`;
      for (let i = 0; i < TOKEN_MISSES_MAX; i++)
        expect((await send(i, { method: 'GET', url: url(), remoteAddress: ip })).statusCode).toBe(404);
      for (const app of [t.app, other]) {
        const refused = await app.inject({ method: 'GET', url: url(), remoteAddress: ip });
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      }
    });

    it('failed sign-ins on both instances count toward one throttle', async () => {
      const ip = freshIp();
      const { maxAttempts } = t.config.login;
      const user = await t.createUser();
      // A guest's XSRF pair is its cookie and header: either instance accepts it.
      const guest = await t.guest();
      const signIn = (i: number) =>
        send(i, {
          method: 'POST',
          url: '/auth/login',
          remoteAddress: ip,
          cookies: guest.cookies,
          headers: { 'x-xsrf-token': guest.xsrf },
          payload: { email: user.email, password: 'wrong password' },
        });
      const codes: number[] = [];
      for (let i = 0; i <= maxAttempts; i++) codes.push((await signIn(i)).statusCode);
      expect(codes.slice(0, maxAttempts).every((code) => code === 422)).toBe(true);
      expect(codes[maxAttempts]).toBe(429);
    });
  });
}

describe.runIf(engine === 'postgres')('limits shared through PostgreSQL', () => {
  sharedLimitCases('two instances on one PostgreSQL database', () => ({}));

  it('keeps no token or address in clear, and the sweep deletes ended windows', async () => {
    const t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
    try {
      const token = randomTokenText();
      const ip = freshIp();
      await t.app.inject({ method: 'GET', url: `/v1/campaigns/externalreport/${token}`, remoteAddress: ip });
      const rows = await t.db.selectFrom('rate_limit_hits').select(['key', 'hits']).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const { key } of rows) {
        expect(key).not.toContain(token);
        expect(key).not.toContain(ip);
      }
      // The timer runs the sweep; once every window has ended, it leaves no row.
      expect(t.app.taskTable).toContainEqual(
        expect.objectContaining({ kind: 'timer', name: 'rate limit sweep' }),
      );
      await sweepRateLimits(t.db);
      expect(await t.db.selectFrom('rate_limit_hits').select('key').execute()).toHaveLength(rows.length);
      await sql`update rate_limit_hits set resets_at = resets_at - 600001`.execute(t.db);
      await sweepRateLimits(t.db);
      expect(await t.db.selectFrom('rate_limit_hits').select('key').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)(`limits shared through Redis (${engine})`, () => {
  sharedLimitCases('two instances with REDIS_URL', () => ({ REDIS_URL: redisUrl! }));
});

describe('REDIS_URL', () => {
  it('must be a redis:// or rediss:// address', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/2',
    );
  });
});
