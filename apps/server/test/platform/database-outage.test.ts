import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../../src/lib/db-errors';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { type CuttableProxy, createCuttableProxy } from '../support/cuttable-proxy';

const UNAVAILABLE = { message: 'The database is unavailable. Try again in a moment.' };

describe.runIf(engine === 'postgres')('PostgreSQL going away and coming back', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    proxy = await createCuttableProxy(new URL(process.env.TEST_DATABASE_URL!));
    t = await buildTestApp({}, { postgresUrl: proxy.url });
    client = await t.injectAs(await t.createUser());
  });
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await t.close();
    await proxy.close();
  });

  it('is ready and serves while the database is up', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: 'up',
    });
    expect((await client.get('/v1/user')).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After while it is down, and stays alive', async () => {
    // A query under way when the connection dies fails; its connection must not crash the process.
    const inFlight = sql`select pg_sleep(5)`.execute(t.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await proxy.cut();
    expect(isDatabaseUnavailable(await inFlight)).toBe(true);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'error', database: 'down' }]);

    const user = await client.get('/v1/user');
    expect([user.statusCode, user.json()]).toEqual([503, UNAVAILABLE]);
    expect(user.headers['retry-after']).toBe('5');

    // Liveness never asks the database: the balancer keeps the instance.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Nor do the probes look up a session when a caller (a signed-in browser) sends its cookie.
    expect((await client.get('/healthz')).statusCode).toBe(200);
    const signedIn = await client.get('/readyz');
    expect([signedIn.statusCode, signedIn.json()]).toEqual([503, { status: 'error', database: 'down' }]);
  });

  it('recovers by itself once the database is back, without a restart', async () => {
    await proxy.restore();

    // Readiness may take a probe or two: a fresh connection to a busy PostgreSQL (the whole suite
    // shares it) can outlast one probe's READY_TIMEOUT_MS. It must come back by itself, though.
    const ready = await vi.waitFor(
      async () => {
        const probe = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(probe.statusCode).toBe(200);
        return probe;
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(ready.json()).toEqual({ status: 'ok', database: 'up' });
    const user = await client.get('/v1/user');
    expect(user.statusCode).toBe(200);
    expect(user.json().data.email).toBeDefined();
  }, 30_000);
});
