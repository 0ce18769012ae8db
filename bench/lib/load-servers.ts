import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createDb, type Db } from '@adstudio/server/src/db/database';
import { sql } from 'kysely';
import { processSeconds } from './load-cpu';

/**
 * The load benchmark's PostgreSQL and server processes. The servers are real processes started as
 * in production — `npm start`'s bundle (apps/server/dist/server.js, built from the source once per
 * benchmark run), not the source through tsx — so a database of their own is needed — a schema
 * cannot be given to them through DATABASE_URL — and is dropped again, with the processes, on any exit.
 */
const serverDir = path.resolve(import.meta.dirname, '../../apps/server');
const serverEntry = path.join(serverDir, 'dist', 'server.js');
/**
 * The Node flags `npm start` gives the server (its package's start script, `node <flags> dist/server.js`),
 * so that the benchmarks run what production runs.
 */
const startFlags = (() => {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.js')
    throw new Error(
      `apps/server's start script is no longer "node [flags] dist/server.js": ${manifest.scripts.start}`,
    );
  return words.slice(1, -1);
})();
const repoRoot = path.resolve(import.meta.dirname, '../..');
let built = false;

/** Bundles the server as `npm run build` does (esbuild, under a second), once per process. */
function buildServer() {
  if (built) return;
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the server failed:\n${result.stderr}${result.stdout}`);
  built = true;
}
const READY_WITHIN_MS = 90_000;
const STOP_WITHIN_MS = 5_000;
/** What is kept of each process's output, from its end. */
const OUTPUT_KEPT = 64 * 1024;

export const ADMIN = { email: 'load-admin@example.com', password: 'load-admin-password' };

export const postgresUrl = () =>
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** The server's URL with the password hidden, for printing. */
export const printable = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Whether PostgreSQL answers at `url`; the reason when it does not. */
export async function reachable(url: string): Promise<string | null> {
  const db = createDb({ kind: 'postgres', url });
  try {
    await sql`select 1`.execute(db);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await db.destroy();
  }
}

export interface LoadDatabase {
  name: string;
  url: string;
  db: Db;
}

/**
 * Creates `adstudio_load_<random>` beside the database of `adminUrl`; `onCleanup` receives the
 * step that drops it (forcibly: a killed server may leave connections behind).
 */
export async function createLoadDatabase(
  adminUrl: string,
  onCleanup: (step: () => Promise<void>) => void,
): Promise<LoadDatabase> {
  const name = `adstudio_load_${randomBytes(5).toString('hex')}`;
  const admin = createDb({ kind: 'postgres', url: adminUrl });
  await sql`create database ${sql.id(name)}`.execute(admin);
  onCleanup(async () => {
    try {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    } finally {
      await admin.destroy();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ kind: 'postgres', url: url.toString() });
  onCleanup(() => db.destroy());
  return { name, url: url.toString(), db };
}

export interface ServerProcess {
  index: number;
  base: string;
  child: ChildProcess;
  /** Everything it printed (the end of it), stdout and stderr interleaved. */
  output(): string;
  /** Log lines (warnings and errors at LOG_LEVEL=warn) printed once it was ready: the first few and how many. */
  logsSinceReady(): { first: string[]; count: number };
  exited: Promise<number | null>;
  stop(): Promise<void>;
  /** CPU seconds the process has used so far (user + system, from /proc; 0 where there is none). */
  cpuSeconds(): number;
  /** Its garbage collections so far, in order (only with `traceGc`; empty otherwise). */
  collections(): readonly Collection[];
}

/**
 * One garbage collection as V8's `--trace-gc-nvp` prints it: the bytes allocated since the one
 * before, its pause and its kind (`s` a scavenge of the young generation, `ms` a mark-sweep).
 */
export interface Collection {
  allocated: number;
  pauseMs: number;
  kind: string;
}

/** What `collections` between two points tell: bytes allocated and the pauses. */
export function collectionsBetween(all: readonly Collection[], from: number, to = all.length) {
  const window = all.slice(from, to);
  return {
    allocated: window.reduce((sum, c) => sum + c.allocated, 0),
    count: window.length,
    pauseMs: window.reduce((sum, c) => sum + c.pauseMs, 0),
    maxPauseMs: window.reduce((max, c) => Math.max(max, c.pauseMs), 0),
    markSweeps: window.filter((c) => c.kind !== 's').length,
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Starts one server process and waits until `GET /healthz` answers 200; throws with its output if it dies. */
export async function startServer(
  index: number,
  env: {
    databaseUrl: string;
    dataDir: string;
    appKey: string;
    seed: boolean;
    /** More of the server's variables (e.g. DATASOURCE_ALLOW_HOSTS), over the ones set here. */
    extra?: Record<string, string>;
    /** Runs it with `--trace-gc-nvp` and keeps each collection (`collections()`): bytes allocated, pauses. */
    traceGc?: boolean;
  },
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  buildServer();
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  // BENCH_SERVER_FLAGS: more Node flags for the servers (e.g. --trace-gc); BENCH_SERVER_OUTPUT=<folder>:
  // each server's whole output is written there too (server-1.log, …), for what the flags print.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  if (env.traceGc) flags.push('--trace-gc-nvp');
  const child = spawn(process.execPath, [...startFlags, ...profile, ...flags, serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_URL: env.databaseUrl,
      DATA_DIR: env.dataDir,
      APP_KEY: env.appKey,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED: String(env.seed),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Everything comes from 127.0.0.1: the per-IP ceiling would otherwise be the thing measured.
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_MAX_ATTEMPTS: '1000000',
      STORAGE: 'local',
      SENTRY_DSN: '',
      TEST_DATABASE_URL: '',
      ...env.extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ready = false;
  let partial = '';
  const logs = { first: [] as string[], count: 0 };
  const collections: Collection[] = [];
  const outputFolder = process.env.BENCH_SERVER_OUTPUT;
  const outputFile = outputFolder
    ? fs.createWriteStream(path.join(path.resolve(outputFolder), `server-${index + 1}.log`), { flags: 'a' })
    : undefined;
  const keep = (chunk: Buffer) => {
    outputFile?.write(chunk);
    const text = chunk.toString();
    output += text;
    if (output.length > OUTPUT_KEPT * 2) output = output.slice(-OUTPUT_KEPT);
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    if (env.traceGc)
      for (const line of lines) {
        const allocated = /\ballocated=(\d+)/.exec(line);
        if (!allocated) continue;
        collections.push({
          allocated: Number(allocated[1]),
          pauseMs: Number(/\bpause=([\d.]+)/.exec(line)?.[1] ?? 0),
          kind: /\bgc=(\w+)/.exec(line)?.[1] ?? '?',
        });
      }
    if (!ready) return;
    // pino's JSON lines; the start banner may arrive late and is not one.
    for (const line of lines.filter((l) => l.startsWith('{'))) {
      logs.count++;
      if (logs.first.length < 5) logs.first.push(line);
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let dead = false;
  void exited.then(() => {
    dead = true;
  });

  const stop = async () => {
    if (dead) return;
    child.kill('SIGTERM');
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_WITHIN_MS).unref());
    if ((await Promise.race([exited, timer])) === 'late') {
      child.kill('SIGKILL');
      await exited;
    }
  };

  for (const deadline = Date.now() + READY_WITHIN_MS; ; ) {
    if (dead) throw new Error(`server ${index + 1} exited at start (code ${await exited}):\n${output}`);
    const up = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server ${index + 1} not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  ready = true;
  return {
    index,
    base,
    child,
    output: () => output,
    logsSinceReady: () => logs,
    exited,
    stop,
    cpuSeconds: () => processSeconds(child.pid) ?? 0,
    collections: () => collections,
  };
}
