import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/lib/db-errors';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';

/**
 * A TCP proxy in front of PostgreSQL that a test can pull out and put back on the same port: what
 * the app sees when PostgreSQL restarts (its connections cut, new ones refused), without touching
 * the real server that the other suites share.
 */
async function createCuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A cut side ends the other: the app must see its connection die, not hang.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    /** `target` with the proxy as its host. */
    url: Object.assign(new URL(target), { hostname: '127.0.0.1', port: String(port) }).toString(),
    /** Refuses new connections and cuts the open ones. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const UNAVAILABLE = { message: 'The database is unavailable. Try again in a moment.' };

describe.runIf(engine === 'postgres')('PostgreSQL going away and coming back', () => {
  let proxy: Awaited<ReturnType<typeof createCuttableProxy>>;
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
  });

  it('recovers by itself once the database is back, without a restart', async () => {
    await proxy.restore();

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', database: 'up' }]);
    const user = await client.get('/v1/user');
    expect(user.statusCode).toBe(200);
    expect(user.json().data.email).toBeDefined();
  });
});
