/**
 * Lists and global search through the whole HTTP stack (session, guard, validation, query,
 * serialization, compression) at DESIGN section 7's sizes, on a throwaway database per engine.
 * Prints figures beside the goals and asserts nothing about time; a non-200 answer stops it.
 *
 *   npm run bench -- api-lists
 *   BENCH_SCALE=0.05        a quick run (5k campaigns instead of 100k)
 *   BENCH_ENGINE=sqlite|postgres|both   (PostgreSQL needs TEST_DATABASE_URL; set, it runs both)
 *   BENCH_SECONDS=4         each of the 2 × 3 throughput runs
 *   BENCH_PLANS=1           the query plans of every variant
 *   BENCH_LATENCIES=0       the throughput runs only
 *   BENCH_ONLY=creatives    the latency variants whose label matches this regular expression
 *   BENCH_THROUGHPUT=0      the latency variants only
 */
import type { AddressInfo } from 'node:net';
import { CAMPAIGN_SORTS, CREATIVE_SORTS, encodeSearchQuery } from '@adstudio/contract';
import { buildApp } from '@adstudio/server/src/app';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { BIG, type FilledCompany, fillCompany, SCALE, SMALL } from './lib/fill';
import { ACCEPT_ENCODING, type Client, signIn } from './lib/http';
import { describeSetup } from './lib/machine';
import { PLANTED } from './lib/names';
import { PLANS, type PlanRecorder, recordPlans } from './lib/plans';
import { percentile, sampleMs, seconds } from './lib/stats';
import { benchEngines, type ThrowawayDb, withThrowawayDb } from './lib/throwaway-db';

const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 2;
const CONNECTIONS = 10;
const GOAL = { list: 20, search: 30, sameThroughput: 0.8, listVsUser: 0.5 };
const PER_PAGE = 25;
const LATENCIES = process.env.BENCH_LATENCIES !== '0';
const THROUGHPUT = process.env.BENCH_THROUGHPUT !== '0';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;

const short = (n: number) => (n >= 1000 ? `${Number((n / 1000).toFixed(1))}k` : String(n));

async function run(bench: ThrowawayDb) {
  console.log(`\n== api-lists on ${bench.engine} ==`);
  for (const line of await describeSetup(bench)) console.log(line);

  console.log(`seeding (BENCH_SCALE=${SCALE}):`);
  const started = performance.now();
  const big = await fillCompany(bench.db, { name: `Bench ${short(BIG.campaigns)}`, size: BIG, seed: 1 });
  const small = await fillCompany(bench.db, {
    name: `Bench ${short(SMALL.campaigns)}`,
    size: SMALL,
    seed: 2,
  });
  if (bench.engine === 'postgres') {
    // What autovacuum does after a bulk load: statistics and the visibility map.
    const t0 = performance.now();
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = current_schema()`.execute(bench.db);
    for (const { name } of rows) await sql`vacuum analyze ${sql.id(name)}`.execute(bench.db);
    console.log(`  vacuum analyze ${rows.length} tables  ${seconds(t0)}`);
  }
  console.log(`  seeded in ${seconds(started)}`);

  const recorder = PLANS ? recordPlans(bench.db, bench.engine === 'postgres') : undefined;
  const app = await buildApp({ config: bench.config, db: recorder?.db ?? bench.db, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const bigClient = await signIn(base, big.admin.email, big.admin.password);
    const smallClient = await signIn(base, small.admin.email, small.admin.password);
    if (THROUGHPUT) await throughput(base, bigClient, smallClient);
    const measured = variants(big, bigClient, smallClient).filter((v) => !ONLY || ONLY.test(v.label));
    if (LATENCIES) await latencies(measured, recorder);
  } finally {
    await app.close();
  }
}

/**
 * req/s of the first campaigns page in the small and the big company, and of `/v1/user` (a request
 * that lists nothing) for scale. The three runs alternate for ROUNDS rounds, after a warm-up run
 * each, so a slower minute of a shared machine does not land on one of them only.
 */
async function throughput(base: string, big: Client, small: Client) {
  console.log(
    `\nthroughput: autocannon in a worker thread, ${CONNECTIONS} connections, ${ROUNDS} × ${THROUGHPUT_SECONDS} s each after 1 s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}`,
  );
  const targets = [
    { label: 'GET /v1/user', path: '/v1/user', client: big },
    {
      label: `GET /v1/campaigns/ (${short(SMALL.campaigns)} campaigns)`,
      path: '/v1/campaigns/',
      client: small,
    },
    { label: `GET /v1/campaigns/ (${short(BIG.campaigns)} campaigns)`, path: '/v1/campaigns/', client: big },
  ];
  const load = async ({ path, client }: (typeof targets)[number], duration: number) => {
    const result = await autocannon({
      url: `${base}${path}`,
      connections: CONNECTIONS,
      duration,
      headers: client.headers,
      // The load generator gets its own thread, so the server's event loop serves requests only.
      workers: 1,
    });
    if (result.non2xx || result.errors || result.timeouts)
      throw new Error(
        `${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  for (const target of targets) await load(target, 1);
  const runs = targets.map(() => [] as { rps: number; p99: number }[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, target] of targets.entries()) runs[i]!.push(await load(target, THROUGHPUT_SECONDS));
  const [user, few, many] = runs.map((results, i) => {
    const rates = results.map((r) => r.rps);
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    const spread = `${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))}`;
    console.log(
      `  ${targets[i]!.label.padEnd(40)} ${Math.round(mean).toLocaleString('en').padStart(7)} req/s  (runs ${spread}; latency p99 ${Math.max(...results.map((r) => r.p99))} ms)`,
    );
    return mean;
  }) as [number, number, number];
  const ratio = (label: string, value: number, goal: number) =>
    console.log(
      `  ${label.padEnd(40)} ${value.toFixed(2).padStart(7)}        goal ≥ ${goal}${value < goal ? '  (below)' : ''}`,
    );
  ratio(`list ${short(BIG.campaigns)} / list ${short(SMALL.campaigns)}`, many / few, GOAL.sameThroughput);
  ratio(`list ${short(BIG.campaigns)} / user`, many / user, GOAL.listVsUser);
}

interface Variant {
  label: string;
  url: string;
  client: Client;
  goal: number;
  /** Rows the answer must hold to be complete (names, or search titles). */
  finds?: string[];
}

/** `/v1/campaigns/` + `{page: 3}` → the URL, and the label as a person would read it (unencoded). */
const list = (
  path: string,
  params: Record<string, string | number>,
  client: Client,
  finds?: string[],
): Variant => {
  const entries = Object.entries(params).map(([k, v]) => [k, String(v)]);
  const query = new URLSearchParams(entries).toString();
  const label = `${path.replace('/v1/', '')}${entries.length ? '?' : ''}${entries.map(([k, v]) => `${k}=${v}`).join('&')}`;
  return {
    label,
    url: query ? `${path}?${query}` : path,
    client,
    goal: GOAL.list,
    ...(finds ? { finds } : {}),
  };
};

function variants({ size, landmarks }: FilledCompany, big: Client, small: Client): Variant[] {
  const deep = (rows: number) => Math.max(2, Math.floor((rows * 0.75) / PER_PAGE));
  const campaigns = (params: Record<string, string | number> = {}, finds?: string[]) =>
    list('/v1/campaigns/', params, big, finds);
  const creatives = (params: Record<string, string | number> = {}, finds?: string[]) =>
    list('/v1/creatives/', params, big, finds);
  const search = (query: string, kind: string, finds?: string[]): Variant => ({
    label: `search ${JSON.stringify(query)} (${kind})`,
    url: `/v1/search/${encodeSearchQuery(query)}`,
    client: big,
    goal: GOAL.search,
    ...(finds ? { finds } : {}),
  });
  const planted = [landmarks.plantedCampaign, landmarks.plantedCreative, landmarks.plantedProfile];
  return [
    { ...list('/v1/campaigns/', {}, small), label: `campaigns/ (the ${short(SMALL.campaigns)} company)` },
    campaigns(),
    campaigns({ page: deep(size.campaigns) }),
    ...CAMPAIGN_SORTS.flatMap((by) =>
      (['asc', 'desc'] as const).flatMap((order) => [
        campaigns({ 'sort-by': by, 'sort-order': order }),
        campaigns({ 'sort-by': by, 'sort-order': order, page: deep(size.campaigns) }),
      ]),
    ),
    campaigns({ status: 'live' }),
    campaigns({ status: 'ready,testing' }),
    campaigns({ status: 'action required', 'sort-by': 'name', page: 5 }),
    campaigns({ deleted: 1 }),
    campaigns({ filter: 'summer' }),
    campaigns({ filter: 'summer', 'sort-by': 'name', page: 20 }),
    campaigns({ filter: PLANTED.rareText }, [landmarks.plantedCampaign]),
    campaigns({ filter: 'on' }),
    campaigns({ filter: 'café' }),
    campaigns({ filter: 'ÜBER' }),
    campaigns({ filter: 'qqqzzz' }),
    campaigns({ status: 'live', filter: 'acme', 'sort-by': 'launch_date', 'sort-order': 'desc' }),
    campaigns({ date: '2024-06-15' }),
    campaigns({ date: '2015-06-15' }),
    campaigns({ 'items-per-page': 100 }),
    campaigns({ 'items-per-page': 100, 'sort-by': 'name', page: Math.floor(deep(size.campaigns) / 4) }),

    creatives(),
    creatives({ page: deep(size.creatives) }),
    ...CREATIVE_SORTS.map((by) => creatives({ 'sort-by': by })),
    creatives({ 'sort-by': 'name', page: deep(size.creatives) }),
    creatives({ 'sort-by': 'campaign', 'sort-order': 'desc', page: deep(size.creatives) }),
    creatives({ campaign_id: landmarks.busyCampaignId }),
    creatives({ campaign_id: landmarks.quietCampaignId }),
    creatives({ size: '300x250' }),
    creatives({ size: '1080x1920' }),
    creatives({ status: 'live' }),
    creatives({ filter: 'summer' }),
    creatives({ filter: PLANTED.rareText }, [landmarks.plantedCreative]),
    creatives({ filter: 'café' }),
    creatives({ date: '2024-06-15' }),

    search(landmarks.exactCampaign, 'exact', [landmarks.exactCampaign]),
    search('acme', 'prefix, many'),
    search('w', 'prefix, one letter'),
    search('café n', 'prefix, non-ASCII'),
    search('über', 'prefix, non-ASCII lower case'),
    search('summer sale', 'contains, many'),
    search(PLANTED.rareText, 'contains, old rows', planted),
    search('plaid shirts', 'contains, old rows', planted),
    search(`#${Math.floor(size.creatives * 0.9)}`, 'contains, one creative'),
    search('qqqzzz', 'no match'),
  ];
}

/** Number of rows an answer holds in all (lists: meta.total) and whether `finds` are among them. */
function describeAnswer(body: string, finds: string[] | undefined) {
  const answer = JSON.parse(body) as {
    data: { name?: string; title?: string }[];
    meta?: { total: number; total_capped?: boolean };
  };
  const total = answer.meta
    ? `${answer.meta.total.toLocaleString('en')}${answer.meta.total_capped ? '+' : ''}`
    : String(answer.data.length);
  const names = new Set(answer.data.map((row) => row.name ?? row.title));
  const missed = (finds ?? []).filter((name) => !names.has(name));
  const note = !finds
    ? ''
    : missed.length
      ? `MISSES ${missed.map((name) => JSON.stringify(name)).join(', ')}`
      : `finds ${finds.length === 1 ? JSON.stringify(finds[0]) : `all ${finds.length} old rows`}`;
  return { total, note };
}

async function latencies(list: Variant[], recorder: PlanRecorder | undefined) {
  console.log(
    `\nlatency: one client, sequential requests over keep-alive HTTP, goal p99 < ${GOAL.list} ms (lists), < ${GOAL.search} ms (search)`,
  );
  const width = Math.max(...list.map((v) => v.label.length));
  console.log(
    `  ${'request'.padEnd(width)}  ${'rows'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'n'.padStart(4)}  goal`,
  );
  let over = 0;
  const started = performance.now();
  for (const variant of list) {
    const { total, note } = describeAnswer(await variant.client.get(variant.url), variant.finds);
    const samples = await sampleMs(() => variant.client.get(variant.url));
    const [p50, p99] = [percentile(samples, 50), percentile(samples, 99)];
    if (p99 >= variant.goal) over++;
    console.log(
      `  ${variant.label.padEnd(width)}  ${total.padStart(8)}  ${p50.toFixed(1).padStart(7)}  ${p99.toFixed(1).padStart(7)}  ${String(samples.length).padStart(4)}  ${`< ${variant.goal}`.padEnd(4)}${p99 >= variant.goal ? ' over' : '     '}  ${note}`,
    );
    if (recorder) {
      const plans = await recorder.plans(() => variant.client.get(variant.url));
      for (const { sql, plan } of plans) {
        console.log(`      sql:  ${sql.replace(/\s+/g, ' ')}`);
        console.log(`      plan: ${plan.map((line) => line.trim()).join(' | ')}`);
      }
    }
  }
  console.log(`  ${list.length} requests measured in ${seconds(started)}; p99 over the goal: ${over}`);
}

for (const engine of benchEngines()) await withThrowawayDb(engine, run);
