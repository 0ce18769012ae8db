import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildTestApp, createTestDb, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('error shapes', () => {
  it('unknown /v1 paths stay JSON 404, even for browsers', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.inject({
      method: 'GET',
      url: '/v1/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Cannot find this item' });
  });

  it('a malformed JSON body is a 400 with a message', async () => {
    const client = await t.injectAs(await t.createUser());
    const res = await client.inject({
      method: 'POST',
      url: '/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});

describe('a server error', () => {
  it('hides the stack, answers with a request id and logs it', async () => {
    const { db, database, drop } = await createTestDb();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config: { ...t.config, database }, db, logger: { level: 'error', stream } });
    try {
      await app.ready();
      // A broken database is a real way for every request to fail.
      await db.schema.dropTable('login_attempts').execute();
      const guest = await app.inject({ method: 'GET', url: '/healthz' });
      const xsrf = guest.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login',
        cookies: { 'XSRF-TOKEN': xsrf },
        // A client's id is not ours to log or echo.
        headers: { 'x-xsrf-token': xsrf, 'x-request-id': 'forged\u2028id' },
        payload: { email: 'a@example.com', password: 'secret' },
      });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({
        message: "We're having internal issues, our engineers have been notified",
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(lines.join('\n')).not.toContain('forged');
      expect(res.body).not.toMatch(/login_attempts|at .*\.ts|stack/i);
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === body.request_id);
      expect(logged?.err?.message).toMatch(/login_attempts/);
    } finally {
      await app.close();
      await drop();
    }
  });
});
