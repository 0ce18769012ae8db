import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine, PASSWORD, type TestApp } from '../helper';

/** The load balancer in front of the server: the socket's address on every request. */
const PROXY = '10.0.0.2';
/** The client's real address, which the trusted proxy appends to X-Forwarded-For. */
const CLIENT = '203.0.113.77';

/** What a client writes itself in X-Forwarded-For, a new address each time, then the proxy's append. */
const rotated = (i: number) => `198.18.${i >> 8}.${i & 255}, ${CLIENT}`;

for (const trust of ['1', PROXY, '10.0.0.0/8']) {
  describe(`TRUST_PROXY=${trust}: the client's address is the nearest untrusted hop (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ TRUST_PROXY: trust, RATE_LIMIT_PER_MINUTE: '30', LOGIN_MAX_ATTEMPTS: '3' });
    });
    afterAll(() => t.close());

    it('rotated X-Forwarded-For entries still hit the sign-in throttle, even for the right password', async () => {
      const user = await t.createUser();
      const guest = await t.guest();
      const attempt = (i: number, password: string) =>
        guest.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password },
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': rotated(i) },
        });
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await attempt(i, 'wrong password')).statusCode);
      expect(codes).toEqual([422, 422, 422, 429, 429]);
      expect((await attempt(99, PASSWORD)).statusCode).toBe(429);
    });

    it('rotated X-Forwarded-For entries still hit the per-address ceiling', async () => {
      const guest = await t.guest();
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await guest.inject({
          method: 'GET',
          url: '/v1/user',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': rotated(1000 + i) },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((code) => code === 429).length).toBeGreaterThan(0);
      // Another client behind the same proxy is not affected.
      const other = await guest.inject({
        method: 'GET',
        url: '/v1/user',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${CLIENT}, 203.0.113.78` },
      });
      expect(other.statusCode).toBe(401);
    });
  });
}
