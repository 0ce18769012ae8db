/**
 * Lists and global search through the whole HTTP stack (session, guard, validation, query,
 * serialization, compression) at docs/design.md §7's sizes, on a throwaway database per engine.
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
 *   BENCH_FILTERS=summer,day,2024,2024-06-15   the filters whose throughput is measured beside the
 *                           first page (text, or a day: `date=`)
 *   BENCH_GROWTH=1          instead: page 1 of one company before and after it grows from 1k to
 *                           100k campaigns in the running server (see `growth`)
 */
import type { AddressInfo } from 'node:net';
import { CAMPAIGN_SORTS, CREATIVE_SORTS, encodeSearchQuery } from '@adstudio/contract';
import { buildApp } from '@adstudio/server/src/app';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { addCampaigns, BIG, type FilledCompany, fillCompany, SCALE, SMALL } from './lib/fill';
import { ACCEPT_ENCODING, type Client, signIn } from './lib/http';
import { describeSetup } from './lib/machine';
import { PLANTED } from './lib/names';
import { PLANS, type PlanRecorder, recordPlans } from './lib/plans';
import { percentile, sampleMs, seconds } from './lib/stats';
import { benchEngines, type ThrowawayDb, withThrowawayDb } from './lib/throwaway-db';

const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 2;
const CONNECTIONS = 10;
const GOAL = { list: 20, search: 30, sameThroughput: 0.8, listVsUser: 0.5, filterVsPage: 0.25 };
/**
 * Filters measured for throughput beside the first page: text with thousands of matches near the
 * start of the default order (`summer`), 10,000+ (`day`), 10,000+ mostly old ones, at the far end of
 * it (`2024`), and the campaigns running on a past day (a date: `date=`).
 */
const FILTERS = (process.env.BENCH_FILTERS ?? 'summer,day,2024,2024-06-15').split(',').filter(Boolean);
const filterQuery = (filter: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(filter) ? `date=${filter}` : `filter=${encodeURIComponent(filter)}`;
const GROWTH = process.env.BENCH_GROWTH === '1';
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
    if (LATENCIES) await latencies(measured, recorder, await writer(bench, big));
  } finally {
    await app.close();
  }
}

/** A request to load: its label, URL path and signed-in client. */
interface Target {
  label: string;
  path: string;
  client: Client;
}

const banner = () =>
  console.log(
    `\nthroughput: autocannon in a worker thread, ${CONNECTIONS} connections, ${ROUNDS} × ${THROUGHPUT_SECONDS} s each after 1 s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}`,
  );

/**
 * req/s of each target. The runs alternate for ROUNDS rounds, after a warm-up run each, so a slower
 * minute of a shared machine does not land on one of them only. Prints one line per target.
 */
async function measure(base: string, targets: Target[]): Promise<number[]> {
  const load = async ({ path, client }: Target, duration: number) => {
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
  const width = Math.max(40, ...targets.map((t) => t.label.length));
  return runs.map((results, i) => {
    const rates = results.map((r) => r.rps);
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    const spread = `${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))}`;
    console.log(
      `  ${targets[i]!.label.padEnd(width)} ${Math.round(mean).toLocaleString('en').padStart(7)} req/s  (runs ${spread}; latency p99 ${Math.max(...results.map((r) => r.p99))} ms)`,
    );
    return mean;
  });
}

const ratio = (label: string, value: number, goal?: number) =>
  console.log(
    `  ${label.padEnd(40)} ${value.toFixed(2).padStart(7)}        ${goal === undefined ? '' : `goal ≥ ${goal}${value < goal ? '  (below)' : ''}`}`,
  );

/**
 * req/s of the first campaigns page in the small and the big company, of `/v1/user` (a request
 * that lists nothing) for scale, and of text filters of the big company: one with thousands of
 * matches (an exact total) and one with more than the cap ("10,000+").
 */
async function throughput(base: string, big: Client, small: Client) {
  banner();
  const targets: Target[] = [
    { label: 'GET /v1/user', path: '/v1/user', client: big },
    {
      label: `GET /v1/campaigns/ (${short(SMALL.campaigns)} campaigns)`,
      path: '/v1/campaigns/',
      client: small,
    },
    { label: `GET /v1/campaigns/ (${short(BIG.campaigns)} campaigns)`, path: '/v1/campaigns/', client: big },
    ...FILTERS.map((filter) => ({
      label: `GET /v1/campaigns/?${decodeURIComponent(filterQuery(filter))}`,
      path: `/v1/campaigns/?${filterQuery(filter)}`,
      client: big,
    })),
  ];
  const [user, few, many, ...filtered] = (await measure(base, targets)) as [
    number,
    number,
    number,
    ...number[],
  ];
  ratio(`list ${short(BIG.campaigns)} / list ${short(SMALL.campaigns)}`, many / few, GOAL.sameThroughput);
  ratio(`list ${short(BIG.campaigns)} / user`, many / user, GOAL.listVsUser);
  for (const [i, filter] of FILTERS.entries())
    ratio(
      `${decodeURIComponent(filterQuery(filter))} / list ${short(BIG.campaigns)}`,
      filtered[i]! / many,
      GOAL.filterVsPage,
    );
}

/**
 * BENCH_GROWTH=1: one company's campaigns grow from 1k to the big size while the server runs (no
 * restart; no ANALYZE: on PostgreSQL autovacuum is off for campaigns meanwhile, so the planner keeps
 * the statistics of 1k rows; SQLite's hourly `pragma optimize` does not come round). Page 1's req/s
 * after vs before, beside a company that stays at 1k: if that one drops too, the machine got
 * busier, and the ratio of the two ratios is the growth's own.
 */
async function growth(bench: ThrowawayDb) {
  console.log(`\n== api-lists growth on ${bench.engine} ==`);
  for (const line of await describeSetup(bench)) console.log(line);
  const grown = await fillCompany(bench.db, { name: 'Bench growing', size: SMALL, seed: 3 });
  const steady = await fillCompany(bench.db, { name: 'Bench steady', size: SMALL, seed: 2 });
  const postgres = bench.engine === 'postgres';
  if (postgres) {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = current_schema()`.execute(bench.db);
    for (const { name } of rows) await sql`vacuum analyze ${sql.id(name)}`.execute(bench.db);
    await sql`alter table campaigns set (autovacuum_enabled = false)`.execute(bench.db);
    await sql`alter table campaigns_text set (autovacuum_enabled = false)`.execute(bench.db);
  }
  const statistics = async () =>
    postgres
      ? `pg_class.reltuples of campaigns: ${(await sql<{ n: number }>`select reltuples as n from pg_class where oid = 'campaigns'::regclass`.execute(bench.db)).rows[0]?.n}`
      : `sqlite_stat1 rows of campaigns: ${(await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'campaigns'`.execute(bench.db).catch(() => ({ rows: [{ n: 0 }] }))).rows[0]?.n}`;
  const app = await buildApp({ config: bench.config, db: bench.db, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const growing = await signIn(base, grown.admin.email, grown.admin.password);
    const still = await signIn(base, steady.admin.email, steady.admin.password);
    const targets = (n: number): Target[] => [
      { label: `page 1, growing company (${short(n)} campaigns)`, path: '/v1/campaigns/', client: growing },
      {
        label: `page 1, steady company (${short(SMALL.campaigns)} campaigns)`,
        path: '/v1/campaigns/',
        client: still,
      },
    ];
    banner();
    console.log(`  ${await statistics()}`);
    const [before, steadyBefore] = (await measure(base, targets(SMALL.campaigns))) as [number, number];
    const { id: adminId } = await bench.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', grown.admin.email)
      .executeTakeFirstOrThrow();
    console.log(`growing to ${short(BIG.campaigns)} campaigns while the server runs:`);
    await addCampaigns(bench.db, {
      companyId: grown.id,
      createdBy: adminId,
      from: SMALL.campaigns,
      to: BIG.campaigns,
      seed: 4,
    });
    console.log(`  ${await statistics()}`);
    const [after, steadyAfter] = (await measure(base, targets(BIG.campaigns))) as [number, number];
    ratio(`growing: after / before`, after / before, GOAL.sameThroughput);
    ratio(`steady: after / before (the machine)`, steadyAfter / steadyBefore);
    ratio(
      `growing / steady (the growth's own)`,
      after / before / (steadyAfter / steadyBefore),
      GOAL.sameThroughput,
    );
  } finally {
    await app.close();
  }
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
    campaigns({ filter: '2024' }),
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

/**
 * A write to the big company's campaigns and creatives (one row each, nothing that a list shows
 * changes): every filter's kept matches and order are read again by the next request.
 */
async function writer(bench: ThrowawayDb, { id, landmarks }: FilledCompany) {
  const campaign = landmarks.quietCampaignId;
  const creative = await bench.db
    .selectFrom('creatives')
    .select('id')
    .where('company_id', '=', id)
    .where('campaign_id', '=', campaign)
    .executeTakeFirstOrThrow();
  return async () => {
    await bench.db.updateTable('campaigns').set({ status: sql`status` }).where('id', '=', campaign).execute();
    await bench.db
      .updateTable('creatives')
      .set({ status: sql`status` })
      .where('id', '=', creative.id)
      .execute();
  };
}

/** Whether a list request's answer is kept until a write (a text or date filter). */
const keeps = (variant: Variant) => /[?&](filter|date)=/.test(variant.url);

/**
 * p50 and p99 of each variant asked again and again (a filter's matches and order are then read
 * once and kept), and for a filtered list also of the first request after a write (`write`), which
 * reads them again: the figure a user sees after anyone's edit.
 */
async function latencies(list: Variant[], recorder: PlanRecorder | undefined, write: () => Promise<void>) {
  console.log(
    `\nlatency: one client, sequential requests over keep-alive HTTP, goal p99 < ${GOAL.list} ms (lists), < ${GOAL.search} ms (search); a filtered list also after a write each time`,
  );
  const width = Math.max(...list.map((v) => v.label.length));
  console.log(
    `  ${'request'.padEnd(width)}  ${'rows'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'n'.padStart(4)}  goal       ${'after a write: p50'.padStart(18)}  ${'p99'.padStart(6)}`,
  );
  let over = 0;
  let overAfterWrite = 0;
  const started = performance.now();
  for (const variant of list) {
    const { total, note } = describeAnswer(await variant.client.get(variant.url), variant.finds);
    const samples = await sampleMs(() => variant.client.get(variant.url));
    const [p50, p99] = [percentile(samples, 50), percentile(samples, 99)];
    if (p99 >= variant.goal) over++;
    let cold = '';
    if (keeps(variant)) {
      const after: number[] = [];
      for (let i = 0; i < 40; i++) {
        await write();
        const t0 = performance.now();
        await variant.client.get(variant.url);
        after.push(performance.now() - t0);
      }
      const [a50, a99] = [percentile(after, 50), percentile(after, 99)];
      if (a99 >= variant.goal) overAfterWrite++;
      cold = `${a50.toFixed(1).padStart(18)}  ${a99.toFixed(1).padStart(6)}${a99 >= variant.goal ? ' over' : '     '}`;
    }
    console.log(
      `  ${variant.label.padEnd(width)}  ${total.padStart(8)}  ${p50.toFixed(1).padStart(7)}  ${p99.toFixed(1).padStart(7)}  ${String(samples.length).padStart(4)}  ${`< ${variant.goal}`.padEnd(4)}${p99 >= variant.goal ? ' over' : '     '}  ${cold || ''.padStart(31)}  ${note}`,
    );
    if (recorder) {
      // A filtered list's plans as after a write: what it reads when nothing is kept.
      if (keeps(variant)) await write();
      const plans = await recorder.plans(() => variant.client.get(variant.url));
      for (const { sql, plan } of plans) {
        console.log(`      sql:  ${sql.replace(/\s+/g, ' ')}`);
        console.log(`      plan: ${plan.map((line) => line.trim()).join(' | ')}`);
      }
    }
  }
  console.log(
    `  ${list.length} requests measured in ${seconds(started)}; p99 over the goal: ${over} of ${list.length} asked again; ${overAfterWrite} of ${list.filter(keeps).length} filtered lists after a write`,
  );
}

for (const engine of benchEngines()) await withThrowawayDb(engine, GROWTH ? growth : run);
