import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../../src/config';
import { createDb, type Db } from '../../src/db/database';
import type { Failpoint } from '../../src/lib/failpoints';
import { randomToken } from '../../src/lib/tokens';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/**
 * The server as production runs it, in a process of its own. Node itself runs it (tsx as its loader,
 * not its CLI): the CLI is a second process that relays signals, and under load it could report a
 * SIGTERM death (143) for a clean shutdown.
 */
export function runServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c) => {
    stdout += c;
  });
  child.stderr?.on('data', (c) => {
    stderr += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/**
 * The environment of a server process as production runs it, on loopback: one admin to sign in
 * with, no demo seed, quiet logs. `extra` adds to it or overrides it.
 */
export function productionEnv(
  o: { port: number; dataDir: string; databaseUrl: string; admin: { email: string; password: string } },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(o.port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${o.port}`,
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl,
    APP_KEY: randomToken(32),
    ADMIN_EMAIL: o.admin.email,
    ADMIN_PASSWORD: o.admin.password,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extra,
  };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * Waits until `url` answers 200 or the process ends. A bound, not a timing claim: a loaded 2-core
 * CI machine may take a while to migrate and listen.
 */
export async function waitUntilUp(url: string, server: ServerProcess, deadlineMs = 45_000): Promise<boolean> {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  for (const deadline = Date.now() + deadlineMs; Date.now() < deadline && !ended; ) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

/**
 * One server process at a time on a shared database and folder, for the fault tests: started with
 * failpoints armed (lib/failpoints.ts), stopped at one, killed with -9 (no shutdown hook runs,
 * nothing is drained) and started again.
 */
export class FaultyServer {
  private process: ServerProcess | undefined;

  constructor(
    private readonly base: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(failpoints: Failpoint[] = []) {
    this.process = runServer({ ...this.env, ADSTUDIO_FAILPOINTS: failpoints.join(',') });
    if (!(await waitUntilUp(`${this.base}/readyz`, this.process, 60_000)))
      throw new Error(`The server did not start: ${this.process.output().stderr}`);
  }

  /** The running process's id (its Chromium, for one, are its descendants). */
  get pid(): number | undefined {
    return this.process?.child.pid;
  }

  /** Asks the process to stop (SIGTERM, as a deploy does); answers its exit code. */
  async terminate(): Promise<number | null> {
    const running = this.process;
    this.process = undefined;
    running?.child.kill('SIGTERM');
    return (await running?.exited) ?? null;
  }

  async crash() {
    this.process?.child.kill('SIGKILL');
    await this.process?.exited;
    this.process = undefined;
  }

  /** Resolves once the process prints that it stopped at `name`. */
  async reached(name: Failpoint, boundMs = 45_000) {
    for (const deadline = Date.now() + boundMs; Date.now() < deadline; ) {
      if (this.process?.output().stdout.includes(`failpoint ${name}`)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`The server never reached ${name}: ${this.process?.output().stderr}`);
  }
}

/** Polls until `check` answers a value, within a bound (a loaded CI machine is slow, never wrong). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  boundMs = 60_000,
): Promise<T> {
  for (const deadline = Date.now() + boundMs; Date.now() < deadline; ) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Still waiting for ${what} after ${boundMs} ms.`);
}

/** A browser's side of the session: cookies kept, the XSRF cookie echoed in its header. */
export class HttpSession {
  readonly cookies = new Map<string, string>();

  /** Sends to `base` + `url`; another instance may be given as `base` (the cookies are the same). */
  async fetch(base: string, url: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    return res;
  }

  /** Takes an XSRF cookie, then signs in with the JSON form of /auth/login. */
  async signIn(base: string, email: string, password: string): Promise<Response> {
    await this.fetch(base, '/healthz');
    return this.fetch(base, '/auth/login', { method: 'POST', body: { email, password } });
  }
}

/** A PostgreSQL database of its own on the server of `adminUrl`, for server processes to share. */
export async function throwawayDatabase(adminUrl: string) {
  const name = `adstudio_t_${randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = createDb({ kind: 'postgres', url: adminUrl });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

/**
 * The world of a fault test, on the engine under test: a folder, a database of its own (a SQLite
 * file in the folder, or a throwaway PostgreSQL database), the production environment, a server
 * started with `failpoints` armed and its admin signed in on `session`. `close` kills the server
 * and removes the rest.
 */
export async function faultWorld(
  engine: 'sqlite' | 'postgres',
  {
    name,
    admin,
    session,
    failpoints,
    extraEnv = {},
  }: {
    name: string;
    admin: { email: string; password: string };
    session: HttpSession;
    failpoints: Failpoint[];
    /** More of the server's environment (e.g. DATASOURCE_ALLOW_HOSTS). */
    extraEnv?: Record<string, string>;
  },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `adstudio-${name}-`));
  let database: Database = { kind: 'sqlite', file: path.join(dataDir, 'adstudio.sqlite') };
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const made = await throwawayDatabase(process.env.TEST_DATABASE_URL!);
    database = { kind: 'postgres', url: made.url };
    dropDatabase = made.drop;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = productionEnv(
    {
      port,
      dataDir,
      databaseUrl: database.kind === 'postgres' ? database.url : `sqlite:${database.file}`,
      admin,
    },
    // A job whose process died is taken again once it expires (pg-boss); keep that short here.
    { JOB_EXPIRE_SECONDS: '4', ...extraEnv },
  );
  const server = new FaultyServer(base, env);
  await server.start(failpoints);
  const db: Db = createDb(database);
  const signedIn = await session.signIn(base, admin.email, admin.password);
  if (signedIn.status !== 200) throw new Error(`The admin could not sign in: ${signedIn.status}`);
  const companyId = (await db.selectFrom('companies').select('id').executeTakeFirstOrThrow()).id;
  return {
    dataDir,
    base,
    env,
    server,
    db,
    companyId,
    async close() {
      await server.crash();
      await db.destroy();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
