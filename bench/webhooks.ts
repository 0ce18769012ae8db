/**
 * Webhook delivery latency: from a change's commit to its receiver, per engine. A real
 * server process with one webhook subscribed to campaign status changes, a receiver on loopback;
 * this process commits status changes (one every WEBHOOKS_GAP_MS, WEBHOOKS_EVENTS in all) and the
 * receiver notes when each arrives. Prints p50 / p99 / max and the deliveries' order; asserts nothing.
 *
 *   npm run bench -- webhooks
 *   WEBHOOKS_EVENTS=200  WEBHOOKS_GAP_MS=20  WEBHOOKS_ENGINES=sqlite,postgres
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Status } from '@adstudio/contract';
import { loadConfig } from '@adstudio/server/src/config';
import { createDb, type Db } from '@adstudio/server/src/db/database';
import { insertCampaign } from '../apps/server/test/rows';
import {
  ADMIN,
  createLoadDatabase,
  postgresUrl,
  printable,
  reachable,
  type ServerProcess,
  startServer,
} from './lib/load-servers';
import { openSession, writeHeaders } from './lib/load-setup';
import { describeSetup } from './lib/machine';
import { withThrowawayDir } from './lib/throwaway-db';

const EVENTS = Number(process.env.WEBHOOKS_EVENTS ?? 200);
const GAP_MS = Number(process.env.WEBHOOKS_GAP_MS ?? 20);
const ENGINES = (process.env.WEBHOOKS_ENGINES ?? 'sqlite,postgres').split(',').filter(Boolean);
const STATUSES: Status[] = ['quality assurance', 'testing'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(engine: 'sqlite' | 'postgres', adminUrl: string) {
  console.log(`\n== webhooks on ${engine} ==`);
  await withThrowawayDir('adstudio-webhooks-', async (dataDir, beforeRemoving) => {
    const arrivals = new Map<number, number>();
    const order: number[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const at = performance.now();
        const n = Number(JSON.parse(body).data.name.split(' ').pop());
        if (!arrivals.has(n)) arrivals.set(n, at);
        order.push(n);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    beforeRemoving(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    let databaseUrl: string;
    let db: Db;
    let where: string;
    if (engine === 'postgres') {
      const database = await createLoadDatabase(adminUrl, beforeRemoving);
      ({ url: databaseUrl, db } = database);
      where = `database ${database.name}`;
    } else {
      where = path.join(dataDir, 'adstudio.sqlite');
      databaseUrl = `sqlite:${where}`;
      db = undefined as unknown as Db;
    }
    const servers: ServerProcess[] = [];
    beforeRemoving(async () => Promise.all(servers.map((s) => s.stop())).then(() => {}));
    const env = {
      databaseUrl,
      dataDir,
      appKey: randomBytes(30).toString('base64url'),
      seed: false,
      extra: { DATASOURCE_ALLOW_HOSTS: '127.0.0.1' },
    };
    servers.push(await startServer(0, env));
    if (engine === 'sqlite') {
      db = createDb({ kind: 'sqlite', file: where });
      beforeRemoving(() => db.destroy());
    }
    for (const line of await describeSetup({
      engine,
      db,
      config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }),
      where,
    }))
      console.log(line);
    const base = servers[0]!.base;
    const session = await openSession(base, ADMIN.email, ADMIN.password);
    const made = await fetch(`${base}/v1/webhooks`, {
      method: 'POST',
      headers: writeHeaders(session),
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ['campaign.status_changed'],
      }),
    });
    if (made.status !== 201)
      throw new Error(`POST /v1/webhooks answered ${made.status}: ${await made.text()}`);
    const { company_id: companyId } = await db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let n = 0; n < EVENTS; n++)
      ids.push(await insertCampaign(db, { companyId, name: `Event ${n}`, status: 'draft' }));
    const committed = new Map<number, number>();
    for (let n = 0; n < EVENTS; n++) {
      await db
        .updateTable('campaigns')
        .set({ status: STATUSES[n % 2]! })
        .where('id', '=', ids[n]!)
        .execute();
      committed.set(n, performance.now());
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    for (const deadline = Date.now() + 30_000; arrivals.size < EVENTS && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const latencies = [...arrivals].map(([n, at]) => at - committed.get(n)!).sort((a, b) => a - b);
    const inOrder = order.every((n, i) => i === 0 || n >= order[i - 1]!);
    console.log(
      `  ${arrivals.size} of ${EVENTS} events received (${order.length - arrivals.size} repeats), in commit order: ${inOrder ? 'yes' : 'no'}`,
    );
    console.log(
      `  commit → receiver: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms (the dispatcher ticks every 500 ms)`,
    );
  });
}

for (const engine of ENGINES) {
  if (engine === 'postgres') {
    const why = await reachable(postgresUrl());
    if (why) {
      console.log(`\npostgres: skipped, no PostgreSQL at ${printable(postgresUrl())} (${why})`);
      continue;
    }
  }
  await run(engine as 'sqlite' | 'postgres', postgresUrl());
}
