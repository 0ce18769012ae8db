import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database';
import type { DataSourcesTable } from '../../src/db/schema';

/** The created_at and updated_at of rows inserted here (what a PUT based on them sends). */
export const INSERTED_AT = '2026-01-01T00:00:00.000Z';

/** A data source row (no headers); any column may be given as is. */
export async function insertDataSource(
  db: Db,
  d: { companyId: number; name: string; deleted?: boolean } & Partial<
    Omit<Insertable<DataSourcesTable>, 'company_id' | 'name'>
  >,
): Promise<number> {
  const { companyId, name, deleted, ...columns } = d;
  const row = await db
    .insertInto('data_sources')
    .values({
      company_id: companyId,
      name,
      url: 'https://api.example.com/value',
      method: 'GET',
      headers: '{}',
      json_path: null,
      refresh_interval: 300,
      created_at: INSERTED_AT,
      updated_at: INSERTED_AT,
      deleted_at: deleted ? INSERTED_AT : null,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface FakeRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * The outside world for data sources: a local HTTP server on 127.0.0.1 with a route per behaviour,
 * recording every request it gets (so a test can count fetches and see the headers sent).
 */
export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  host: string;
  requests: FakeRequest[];
  /** How many requests asked for this path (query string left out). */
  hits(path: string): number;
  /** What `/set` answers next (status and JSON body). */
  answer: { status: number; body: unknown };
  /** Makes `/set` wait until the returned function is called (to hold a fetch in flight). */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const state = { status: 200, body: { value: 1 } as unknown };
  let held: Promise<void> = Promise.resolve();
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/weather':
        return json(200, {
          current: { temperature: 3.5, summary: 'cold' },
          items: [{ 'unit price': 9.5 }],
          city: url.searchParams.get('city'),
        });
      case '/text':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('  42 \n');
      case '/long':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('a'.repeat(2500));
      case '/big':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(Buffer.alloc(1024 * 1024 + 10, 'x'));
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>not json</html>');
      case '/set':
        return void held.then(() => json(state.status, state.body));
      case '/error':
        return json(500, { message: 'down' });
      case '/never':
        // Never answers: the fetch's time limit must end it.
        return;
      case '/to-blocked':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/to-weather':
        res.writeHead(302, { location: '/weather' });
        return res.end();
      default: {
        const hop = /^\/loop\/(\d+)$/.exec(url.pathname);
        if (hop) {
          res.writeHead(302, { location: `/loop/${Number(hop[1]) + 1}` });
          return res.end();
        }
        return json(404, { message: 'no such path' });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    hits: (path) => requests.filter((r) => r.url.split('?')[0] === path).length,
    get answer() {
      return state;
    },
    set answer(next) {
      Object.assign(state, next);
    },
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
