import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '@adstudio/server/src/config';
import { createDb, type Db } from '@adstudio/server/src/db/database';
import { migrateToLatest } from '@adstudio/server/src/db/migrate';
import { pgBossSchemaFor } from '@adstudio/server/src/jobs/pg-boss-queue';
import { sql } from 'kysely';

/**
 * Every benchmark works on its own database and removes it, also when it fails or is interrupted
 * (docs/design.md §7): a SQLite file in a temporary folder, or a new PostgreSQL schema `bench_<random>`
 * in TEST_DATABASE_URL's database. Nothing is ever written to an existing schema.
 */
export type Engine = 'sqlite' | 'postgres';

export interface ThrowawayDb {
  engine: Engine;
  db: Db;
  /** The server's configuration pointing at this database (quiet logs, no seed, no rate limit). */
  config: Config;
  /** Where it lives: the SQLite file or the PostgreSQL schema. */
  where: string;
}

/**
 * The engines to run: BENCH_ENGINE=sqlite|postgres|both; unset means SQLite, and PostgreSQL too
 * when TEST_DATABASE_URL is set.
 */
export function benchEngines(): Engine[] {
  const wanted = process.env.BENCH_ENGINE ?? (process.env.TEST_DATABASE_URL ? 'both' : 'sqlite');
  const engines: Record<string, Engine[]> = {
    sqlite: ['sqlite'],
    postgres: ['postgres'],
    both: ['sqlite', 'postgres'],
  };
  const chosen = engines[wanted];
  if (!chosen)
    throw new Error(`BENCH_ENGINE must be sqlite, postgres or both, not ${JSON.stringify(wanted)}`);
  if (chosen.includes('postgres') && !process.env.TEST_DATABASE_URL)
    throw new Error(
      'BENCH_ENGINE=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  return chosen;
}

/**
 * A temporary folder for a benchmark that starts its own server process (which makes its SQLite
 * file inside): removed like a throwaway database, after the steps `work` adds (stop the server).
 */
export async function withThrowawayDir<T>(
  prefix: string,
  work: (dir: string, beforeRemoving: (step: Step) => void) => Promise<T>,
): Promise<T> {
  const removal = new Removal();
  try {
    return await work(makeDir(removal, prefix), (step) => removal.add(step));
  } finally {
    await removal.run();
  }
}

/** Creates the database, runs `work` on it, and removes it whatever happens. */
export async function withThrowawayDb<T>(
  engine: Engine,
  work: (bench: ThrowawayDb) => Promise<T>,
): Promise<T> {
  const removal = new Removal();
  try {
    return await work(await create(engine, removal));
  } finally {
    await removal.run();
  }
}

// Cleanups of the databases that exist right now, run before the process ends on a signal or on
// an error nothing caught (a rejected promise, or EPIPE when the output is piped into `head`).
const pending = new Set<Removal>();
let ending = false;
let listening = false;

function endNow(why: string, code: number) {
  ending = true;
  console.error(`\n${why}: removing the throwaway databases and folders…`);
  void Promise.allSettled([...pending].map((removal) => removal.run('abort'))).then(() => process.exit(code));
}

function listen() {
  if (listening) return;
  listening = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // A second signal while removing: the user insists.
      if (ending) process.exit(128 + os.constants.signals[signal]);
      endNow(signal, 128 + os.constants.signals[signal]);
    });
  }
  process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
    // Once ending, errors are echoes (a closed pipe answers every write with EPIPE): printing
    // them would raise another, and never let the removal run.
    if (ending) return;
    if (error.code !== 'EPIPE') console.error(error);
    endNow(error.code === 'EPIPE' ? 'output closed' : 'uncaught error', 1);
  });
}

export type Step = () => Promise<void> | void;

/**
 * The steps that undo a throwaway database, run once, last added first. On an abort the
 * connections are left open rather than closed: closing waits for whatever query the interrupted
 * benchmark is running, and the process ends right after anyway.
 */
class Removal {
  private steps: { step: Step; onAbort: boolean }[] = [];
  private done: Promise<void> | undefined;

  constructor() {
    listen();
    pending.add(this);
  }

  add(step: Step, { onAbort = true } = {}) {
    this.steps.unshift({ step, onAbort });
  }

  run(reason: 'done' | 'abort' = 'done'): Promise<void> {
    this.done ??= (async () => {
      for (const { step, onAbort } of this.steps) {
        if (reason === 'abort' && !onAbort) continue;
        try {
          await step();
        } catch (error) {
          console.error('bench cleanup:', error instanceof Error ? error.message : error);
        }
      }
      pending.delete(this);
    })();
    return this.done;
  }
}

function makeDir(removal: Removal, prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  removal.add(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function create(engine: Engine, removal: Removal): Promise<ThrowawayDb> {
  const dataDir = makeDir(removal, 'adstudio-bench-');
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'false',
    RATE_LIMIT_PER_MINUTE: String(1e9),
    APP_URL: 'http://127.0.0.1',
  };
  if (engine === 'sqlite') {
    const config = loadConfig(env);
    const db = createDb(config.database);
    removal.add(() => db.destroy(), { onAbort: false });
    await migrateToLatest(db);
    const where = config.database.kind === 'sqlite' ? config.database.file : '';
    return { engine, db, config, where };
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('BENCH_ENGINE=postgres needs TEST_DATABASE_URL');
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const loaded = loadConfig({ ...env, DATABASE_URL: url });
  if (loaded.database.kind !== 'postgres') throw new Error('TEST_DATABASE_URL is not a PostgreSQL URL');
  const config: Config = { ...loaded, database: { ...loaded.database, schema } };

  const admin = createDb({ kind: 'postgres', url });
  removal.add(() => admin.destroy(), { onAbort: false });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  // An interrupted benchmark's open transaction delays the drop until it commits, no longer. The
  // server's job queue (pg-boss) keeps its tables in a schema of its own beside this one.
  removal.add(async () => {
    for (const name of [schema, pgBossSchemaFor({ schema })])
      await sql`drop schema if exists ${sql.id(name)} cascade`.execute(admin);
  });
  const db = createDb(config.database);
  removal.add(() => db.destroy(), { onAbort: false });
  // If search_path did not take, the migration would write to another schema (public): refuse.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  if (rows[0]?.schema !== schema)
    throw new Error(`search_path is ${rows[0]?.schema}, not ${schema}: refusing to migrate`);
  await migrateToLatest(db, schema);
  return { engine, db, config, where: `schema ${schema}` };
}
