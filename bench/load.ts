/**
 * Mixed traffic from virtual users against one and against two server processes on PostgreSQL:
 * lists, search, items, edits, small uploads and token pages. Each configuration runs one phase per
 * think time: by default users who pause 1 s on average between actions (the latency goal: real
 * people read a page, and 50 of them acting every second is already far busier than a team), then a
 * closed loop with no pause at all (the capacity: throughput at saturation, and how it scales with
 * instances). Prints throughput, p50/p99/max per kind of request and the errors beside the goals
 * (0 errors, p99 < 100 ms for reads); asserts nothing. Everything runs on loopback and is bounded: a timeout
 * per request, a watchdog per configuration, and the servers, database and folders removed on any exit.
 *
 *   npx tsx bench/load.ts [--seconds 60] [--users 50] [--instances 1,2] [--think-ms 1000,0] [--warmup 5]
 *   npm run bench -- load      (LOAD_SECONDS, LOAD_USERS, LOAD_INSTANCES, LOAD_THINK_MS, LOAD_WARMUP set the same)
 *   BENCH_DATABASE_URL or TEST_DATABASE_URL   PostgreSQL (default postgres://postgres@127.0.0.1:5432/test);
 *                                             a database adstudio_load_<random> is made beside it per run
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '@adstudio/server/src/config';
import { type CpuShares, type CpuSnapshot, cpuShares, cpuSnapshot, waitForQuiet } from './lib/load-cpu';
import {
  createLoadDatabase,
  postgresUrl,
  printable,
  reachable,
  type ServerProcess,
  startServer,
} from './lib/load-servers';
import { fillForLoad, makeTokenLinks, openSession, type Session } from './lib/load-setup';
import {
  Balancer,
  KINDS,
  type Kind,
  type KindFigures,
  REQUEST_TIMEOUT_MS,
  Recorder,
  type Traffic,
  VirtualUser,
  WEIGHTS,
} from './lib/load-traffic';
import { describeSetup } from './lib/machine';
import { seconds } from './lib/stats';
import { withThrowawayDir } from './lib/throwaway-db';

const GOAL = { errors: 0, readP99Ms: 100 };
/** Traffic starts once the machine is this idle, or after this wait. */
const QUIET = { cores: 0.25, maxWaitMs: 120_000 };

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.LOAD_SECONDS ?? '60' },
    users: { type: 'string', default: process.env.LOAD_USERS ?? '50' },
    instances: { type: 'string', default: process.env.LOAD_INSTANCES ?? '1,2' },
    warmup: { type: 'string', default: process.env.LOAD_WARMUP ?? '5' },
    'think-ms': { type: 'string', default: process.env.LOAD_THINK_MS ?? '1000,0' },
  },
});
const SECONDS = Number(args.seconds);
const USERS = Number(args.users);
const WARMUP = Number(args.warmup);
const INSTANCES = args.instances.split(',').map(Number);
const THINKS = args['think-ms'].split(',').map(Number);
if (!(SECONDS > 0 && SECONDS <= 3600)) throw new Error(`--seconds must be 1–3600, not ${args.seconds}`);
if (!(Number.isInteger(USERS) && USERS > 0 && USERS <= 500))
  throw new Error(`--users must be 1–500, not ${args.users}`);
if (!(WARMUP >= 0 && WARMUP <= 60)) throw new Error(`--warmup must be 0–60, not ${args.warmup}`);
if (!INSTANCES.every((n) => Number.isInteger(n) && n >= 1 && n <= 8))
  throw new Error(`--instances must list counts of 1–8, not ${args.instances}`);
if (!THINKS.every((n) => n >= 0 && n <= 60_000))
  throw new Error(`--think-ms must list mean think times of 0–60000 ms, not ${args['think-ms']}`);

interface Phase {
  thinkMs: number;
  recorder: Recorder;
  cpu: CpuShares;
  /** The longest the load generator's own event loop was held up, in ms: past a second, its figures are not the servers'. */
  stallMs: number;
}

interface Outcome {
  instances: number;
  phases: Phase[];
}

/** Beyond this the generator (or the whole machine) stalled, and the latencies measure that. */
const STALL_MS = 1000;

async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T, i: number) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map((item, k) => work(item, i + k)))));
  return results;
}

let printedMachine = false;

/** One configuration: a fresh database and DATA_DIR, `instances` servers, the traffic, the table. */
async function runWith(adminUrl: string, instances: number): Promise<Outcome> {
  console.log(`\n== ${instances} instance${instances > 1 ? 's' : ''}, ${USERS} virtual users ==`);
  const started = performance.now();
  return withThrowawayDir('adstudio-load-', async (dataDir, beforeRemoving) => {
    // Bounded whatever happens: past this, the process ends through throwaway-db's SIGTERM cleanup.
    const watchdog = setTimeout(
      () => {
        console.error(`watchdog: ${instances}-instance run took too long`);
        process.kill(process.pid, 'SIGTERM');
      },
      (THINKS.length * (WARMUP + SECONDS + QUIET.maxWaitMs / 1000) + 300) * 1000,
    );
    watchdog.unref();
    const database = await createLoadDatabase(adminUrl, beforeRemoving);
    const servers: ServerProcess[] = [];
    beforeRemoving(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    });
    if (!printedMachine) {
      printedMachine = true;
      const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir });
      const lines = await describeSetup({
        engine: 'postgres',
        db: database.db,
        config,
        where: `database ${database.name} on ${new URL(adminUrl).host}`,
      });
      for (const line of lines) console.log(line);
      console.log(
        'note:     the load generator, the servers and PostgreSQL share this machine; its CPU use is printed below',
      );
    }

    const appKey = randomBytes(30).toString('base64url');
    const env = { databaseUrl: database.url, dataDir, appKey };
    // The first migrates and seeds the demo data; the others find the database ready.
    servers.push(await startServer(0, { ...env, seed: true }));
    console.log(`setup: server 1 ready (migrated, demo seed) ${seconds(started)}`);
    const data = await fillForLoad(database.db, USERS);
    for (let i = 1; i < instances; i++) servers.push(await startServer(i, { ...env, seed: false }));
    if (instances > 1) console.log(`  servers 2–${instances} ready ${seconds(started)}`);

    const balancer = new Balancer(servers.map((server) => server.base));
    const sessions: Session[] = await inBatches(data.users, 5, (user) =>
      openSession(balancer.pick(), user.email, user.password),
    );
    const tokens = await makeTokenLinks(servers[0]!.base, sessions[0]!, data);
    const traffic: Traffic = { data, tokens, balancer, recorder: new Recorder(), users: USERS };
    const users = sessions.map((session, i) => new VirtualUser(i, session, traffic));
    await inBatches(users, 10, (user) => user.prepare());
    console.log(
      `  ${USERS} users signed in, ${tokens.report.length} report and ${tokens.preview.length} preview links ${seconds(started)}`,
    );

    const died: string[] = [];
    for (const server of servers)
      void server.exited.then((code) => died.push(`server ${server.index + 1} exited (code ${code})`));
    const phases: Phase[] = [];
    for (const thinkMs of THINKS) {
      traffic.recorder = new Recorder();
      const phase = await runPhase(servers, users, traffic.recorder, thinkMs);
      phases.push(phase);
      printTable(instances, phase);
      for (const line of died.splice(0)) console.log(`!! ${line}`);
    }
    for (const server of servers) {
      const logs = server.logsSinceReady();
      if (server.child.exitCode !== null) {
        console.log(`!! server ${server.index + 1} output:\n${server.output()}`);
      } else if (logs.count > 0) {
        console.log(
          `server ${server.index + 1} printed ${logs.count} lines (warnings, errors) under load; the first:`,
        );
        for (const line of logs.first) console.log(`  ${line.slice(0, 600)}`);
      }
    }
    clearTimeout(watchdog);
    return { instances, phases };
  });
}

/** One phase against running servers: a warm-up, then SECONDS of traffic with this think time. */
async function runPhase(
  servers: ServerProcess[],
  users: VirtualUser[],
  recorder: Recorder,
  thinkMs: number,
): Promise<Phase> {
  // Idle servers, so what is busy now is someone else's work.
  const busy = await waitForQuiet(QUIET.cores, QUIET.maxWaitMs, os.availableParallelism());
  console.log(
    `\n-- ${pacing(thinkMs)} --\n  machine before traffic: ${busy.toFixed(2)} cores busy${busy > QUIET.cores ? ' (still busy: figures are noisy)' : ''}`,
  );
  console.log(
    `  ${WARMUP} s warm-up (not counted), then ${SECONDS} s; ${REQUEST_TIMEOUT_MS / 1000} s timeout per request`,
  );
  const t0 = performance.now();
  recorder.from = t0 + WARMUP * 1000;
  const until = recorder.from + SECONDS * 1000;
  const pids = servers.map((server) => server.child.pid);
  let cpuBefore: CpuSnapshot = cpuSnapshot(pids);
  const delay = monitorEventLoopDelay({ resolution: 20 });
  const measuring = setTimeout(() => {
    cpuBefore = cpuSnapshot(pids);
    delay.enable();
  }, WARMUP * 1000);
  await Promise.all(users.map((user) => user.run(until, thinkMs)));
  clearTimeout(measuring);
  delay.disable();
  const stallMs = delay.max / 1e6;
  const cpu = cpuShares(cpuBefore, cpuSnapshot(pids), os.availableParallelism());
  return { thinkMs, recorder, cpu, stallMs };
}

const pacing = (thinkMs: number) =>
  thinkMs > 0
    ? `${USERS} users, think time ${(thinkMs / 1000).toLocaleString('en')} s on average between actions`
    : `${USERS} users, closed loop (no think time: the capacity)`;

const num = (n: number, width: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).padStart(width);

function row(label: string, figures: Pick<KindFigures, 'count' | 'errors' | 'ms'>, secs: number) {
  const q = Recorder.quantiles(figures as KindFigures);
  return `${label.padEnd(16)} ${num(figures.count, 8)} ${num(figures.count / secs, 7, 1)} ${num(figures.errors, 6)} ${num(q.p50, 8, 1)} ${num(q.p99, 8, 1)} ${num(q.max, 8, 1)}`;
}

function printTable(instances: number, phase: Phase) {
  const { recorder, cpu, stallMs } = phase;
  const total = recorder.total();
  console.log(
    `\n${'kind'.padEnd(16)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  const all: number[] = [];
  for (const { kind } of KINDS) {
    const figures = recorder.kinds.get(kind)!;
    for (const ms of figures.ms) all.push(ms);
    console.log(row(kind, figures, total.seconds));
  }
  console.log(row('all', { count: total.count, errors: total.errors, ms: all }, total.seconds));
  console.log(
    `throughput ${num(total.count / total.seconds, 0, 1)} req/s over ${total.seconds.toFixed(1)} s with ${instances} instance${instances > 1 ? 's' : ''}`,
  );
  const cores = (n: number) => (Number.isNaN(n) ? '?' : n.toFixed(2));
  console.log(
    `CPU, cores busy of ${cpu.cores}: ${cpu.servers.map((n, i) => `server ${i + 1} ${cores(n)}`).join(', ')}, PostgreSQL ${cores(cpu.postgres)}, load generator ${cores(cpu.generator)}, other work ${cores(cpu.other)}, stolen by the hypervisor ${cores(cpu.steal)} (machine ${cores(cpu.machine)}); load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `load generator event loop: longest delay ${stallMs.toFixed(0)} ms${stallMs > STALL_MS ? ' — it (or the machine) stalled: these figures measure the stall, not the servers' : ''}`,
  );
  if (total.errors > 0) {
    const causes = [...recorder.kinds.entries()]
      .filter(([, figures]) => figures.errors > 0)
      .map(([kind, figures]) => `${kind}: ${[...figures.causes].map(([c, n]) => `${n} × ${c}`).join(', ')}`);
    console.log(`errors by cause: ${causes.join('; ')}`);
    console.log('first errors:');
    for (const sample of recorder.samples) console.log(`  ${sample}`);
  }
  console.log(
    goals(phase)
      .map((line) => `goal: ${line}`)
      .join('\n'),
  );
}

/**
 * Whether the goals held, one line each. Errors count in every phase; the read latency goal is judged
 * with think time, and a closed loop (every user always waiting on a request: the queue is as long
 * as there are users) prints its read p99 range as the latency at saturation.
 */
function goals({ recorder, thinkMs }: Pick<Phase, 'recorder' | 'thinkMs'>): string[] {
  const { errors } = recorder.total();
  const reads = KINDS.filter(({ read }) => read).map(({ kind }) => ({
    kind,
    p99: Recorder.quantiles(recorder.kinds.get(kind)!).p99,
  }));
  const slow = reads.filter(({ p99 }) => p99 >= GOAL.readP99Ms);
  const errorLine = errors === GOAL.errors ? '0 errors — held' : `0 errors — missed (${errors} errors)`;
  if (thinkMs === 0) {
    const p99s = reads.map(({ p99 }) => p99);
    return [
      errorLine,
      `read p99 at saturation ${Math.min(...p99s).toFixed(0)}–${Math.max(...p99s).toFixed(0)} ms (the latency goal is judged with think time)`,
    ];
  }
  return [
    errorLine,
    slow.length === 0
      ? `p99 < ${GOAL.readP99Ms} ms for every read — held (${Math.max(...reads.map(({ p99 }) => p99)).toFixed(0)} ms at most)`
      : `p99 < ${GOAL.readP99Ms} ms for reads — missed by ${slow.map(({ kind, p99 }) => `${kind} ${p99.toFixed(0)} ms`).join(', ')}`,
  ];
}

function compare(outcomes: Outcome[]) {
  const label = (instances: number) => `${instances} instance${instances > 1 ? 's' : ''}`;
  THINKS.forEach((thinkMs, k) => {
    const phases = outcomes.map((o) => ({ instances: o.instances, ...o.phases[k]! }));
    console.log(`\n== ${pacing(thinkMs)}, ${SECONDS} s ==`);
    if (phases.length > 1) {
      console.log(`${''.padEnd(22)} ${phases.map((p) => label(p.instances).padStart(12)).join(' ')}`);
      const line = (name: string, value: (p: Phase) => string) =>
        console.log(`${name.padEnd(22)} ${phases.map((p) => value(p).padStart(12)).join(' ')}`);
      line('throughput req/s', (p) => num(rate(p), 0, 1));
      line('errors', (p) => num(p.recorder.total().errors, 0));
      for (const { kind } of KINDS.filter(({ read }) => read))
        line(`p99 ${kind} ms`, (p) => num(Recorder.quantiles(p.recorder.kinds.get(kind as Kind)!).p99, 0, 1));
      line('servers CPU (cores)', (p) => p.cpu.servers.reduce((a, b) => a + b, 0).toFixed(2));
      line('PostgreSQL CPU (cores)', (p) => p.cpu.postgres.toFixed(2));
      line('generator CPU (cores)', (p) => p.cpu.generator.toFixed(2));
      line('other work (cores)', (p) => p.cpu.other.toFixed(2));
      line('generator stall ms', (p) => num(p.stallMs, 0));
      const [first, ...rest] = phases;
      for (const other of rest)
        console.log(
          `throughput ${label(other.instances)} / ${label(first!.instances)}: ${(rate(other) / rate(first!)).toFixed(2)}${thinkMs > 0 ? '  (paced by the users, so equal when both keep up)' : '  (2 cores shared by servers, PostgreSQL and the load generator)'}`,
        );
    }
    for (const p of phases)
      console.log(
        `${label(p.instances)}: ${goals(p).join('; ')}${p.stallMs > STALL_MS ? ` (NOT VALID: the generator stalled ${(p.stallMs / 1000).toFixed(1)} s)` : ''}`,
      );
  });
}

const rate = (p: Phase) => p.recorder.total().count / p.recorder.total().seconds;

async function main() {
  const adminUrl = postgresUrl();
  const why = await reachable(adminUrl);
  if (why) {
    console.log(`load: skipped, no PostgreSQL at ${printable(adminUrl)} (${why}); set BENCH_DATABASE_URL`);
    return;
  }
  const weights = Object.entries(WEIGHTS)
    .map(([action, weight]) => `${action} ${weight} %`)
    .join(', ');
  console.log(
    `load: ${USERS} virtual users; phases: ${THINKS.map((ms) => (ms > 0 ? `think time ${ms} ms` : 'closed loop')).join(', ')}; actions: ${weights}`,
  );
  const outcomes: Outcome[] = [];
  for (const instances of INSTANCES) outcomes.push(await runWith(adminUrl, instances));
  compare(outcomes);
}

await main();
