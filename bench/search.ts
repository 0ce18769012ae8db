/**
 * Global search at DESIGN section 7 sizes (100k campaigns, 300k creatives, 20k profiles in one
 * company): fills a temp SQLite database, and PostgreSQL too when TEST_DATABASE_URL is set, prints
 * the query plans of the prefix and contains paths and the p50/p99 latency of the search service.
 * A benchmark prints figures; it asserts nothing.
 *
 *   npx tsx bench/search.ts            SEARCH_BENCH_SCALE=0.1 for a quick run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeSearchQuery, type User } from '@adstudio/contract';
import type { Config } from '@adstudio/server/src/config';
import { createDb, type Db } from '@adstudio/server/src/db/database';
import { migrateToLatest } from '@adstudio/server/src/db/migrate';
import type { DB } from '@adstudio/server/src/db/schema';
import { createSearchRepository } from '@adstudio/server/src/modules/search/search.repository';
import { createSearchService } from '@adstudio/server/src/modules/search/search.service';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type Insertable,
  Kysely,
  type LogEvent,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';

const SCALE = Number(process.env.SEARCH_BENCH_SCALE ?? 1);
const SIZES = {
  campaigns: Math.round(100_000 * SCALE),
  creatives: Math.round(300_000 * SCALE),
  profiles: Math.round(20_000 * SCALE),
};
const BATCH = 1000;
/** Per query: stop after this many runs or this much time, whichever comes first. */
const MAX_RUNS = 300;
const MAX_MS_PER_QUERY = 4000;

const BRANDS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Aperture',
  'Vandelay',
  'Gringotts',
  'Oceanic',
  'Nakatomi',
  'Monarch',
  'Dunder',
  'Pied Piper',
  'Zephyr',
  'Café Noir',
  'Überbrand',
  'Nike',
  'Adidas',
  'Puma',
  'Reebok',
  'Lego',
  'Mattel',
  'Hasbro',
  'Sega',
];
const THEMES = [
  'Summer Sale',
  'Winter Promo',
  'Back to School',
  'Black Friday',
  'Holiday',
  'Spring Launch',
  'Brand Awareness',
  'Retargeting',
  'Prospecting',
  'Clearance',
  'New Collection',
  'Loyalty',
  'App Install',
  'Video Push',
];
const SIZES_PX = [
  [300, 250],
  [728, 90],
  [160, 600],
  [320, 50],
  [300, 600],
  [970, 250],
] as const;
const STATUSES = ['draft', 'quality assurance', 'testing', 'ready', 'live', 'finished', 'delivered'] as const;

/** Deterministic pseudo-random numbers, so every run searches the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  // mulberry32
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}
const pick = <T>(r: (n: number) => number, list: readonly T[]) => list[r(list.length)]!;

async function fill(db: Db, companyId: number) {
  const r = rng(42);
  const load = async <T extends 'campaigns' | 'creatives' | 'profiles'>(
    trx: Transaction<DB>,
    table: T,
    count: number,
    row: (i: number) => Insertable<DB[T]>,
  ) => {
    const started = performance.now();
    for (let from = 0; from < count; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => row(from + k));
      await trx.insertInto(table).values(rows).execute();
    }
    console.log(
      `  ${table}: ${count.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  // Distinct update times, so "most recently updated" is a real order.
  const base = (i: number) => {
    const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000 + r(60_000)).toISOString();
    return { company_id: companyId, created_at: at, updated_at: at, deleted_at: null };
  };
  await db.transaction().execute(async (trx) => {
    await load(trx, 'campaigns', SIZES.campaigns, (i) => ({
      ...base(i),
      name: `${pick(r, BRANDS)} ${pick(r, THEMES)} ${2020 + r(7)} #${i}`,
      ranges: '[]',
      status: pick(r, STATUSES),
      launch_date: `2026-0${1 + r(9)}-1${r(10)}`,
    }));
  });
  await db.transaction().execute(async (trx) => {
    await load(trx, 'creatives', SIZES.creatives, (i) => {
      const [width, height] = pick(r, SIZES_PX);
      return {
        ...base(i),
        campaign_id: 1 + r(SIZES.campaigns),
        name: `${pick(r, BRANDS)} ${width}x${height} ${pick(r, THEMES)} v${1 + r(9)} #${i}`,
        width,
        height,
        status: pick(r, STATUSES),
      };
    });
  });
  await db.transaction().execute(async (trx) => {
    await load(trx, 'profiles', SIZES.profiles, (i) => ({
      ...base(i),
      name: `${pick(r, BRANDS)} feed ${pick(r, THEMES)} #${i}`,
      ranges: '[]',
      status: 'synced',
      gsheet_id: `sheet${i}`,
    }));
  });
}

/** Queries for the data `fill` made: names are "{brand} {theme} {year} #{n}" and alike. */
async function queriesFor(db: Db): Promise<{ label: string; query: string }[]> {
  const nameOf = async (id: number) =>
    (await db.selectFrom('campaigns').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  const exact = await nameOf(Math.ceil(SIZES.campaigns / 2));
  const few = (await nameOf(Math.ceil(SIZES.campaigns / 3))).replace(/\d$/, '');
  return [
    { label: 'exact name', query: exact },
    { label: 'prefix, many hits', query: 'acme' },
    { label: 'prefix, one letter', query: 'w' },
    { label: 'prefix, UTF-8', query: 'café n' },
    { label: 'prefix, few hits', query: few },
    { label: 'contains, common', query: 'summer sale' },
    { label: 'contains, rare', query: `#${SIZES.creatives - 7}` },
    { label: 'no match', query: 'qqqzzz' },
  ];
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A second connection that records every query Kysely sends, to EXPLAIN exactly what search runs. */
function recordingDb(database: Config['database'], sent: CompiledQuery[]): Db {
  const log = (event: LogEvent) => {
    if (event.level === 'query') sent.push(event.query);
  };
  if (database.kind === 'sqlite')
    return new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(database.file) }), log });
  const options = database.schema ? `-c search_path=${database.schema}` : undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: 2, options });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
}

async function explain(db: Db, database: Config['database'], user: User) {
  const sent: CompiledQuery[] = [];
  const recording = recordingDb(database, sent);
  try {
    const service = createSearchService({ search: createSearchRepository(recording) });
    // 'acme' fills the caps from the prefix range; 'summer sale' also needs the contains scan.
    for (const query of ['acme', 'summer sale']) {
      sent.length = 0;
      await service.search(user, decodeURIComponent(encodeSearchQuery(query)));
      console.log(`  ${JSON.stringify(query)}:`);
      for (const compiled of sent) {
        const table = /from "(\w+)"/.exec(compiled.sql)?.[1];
        const kind = /strpos|instr/.test(compiled.sql) ? 'contains' : 'prefix';
        const verb = database.kind === 'postgres' ? 'explain ' : 'explain query plan ';
        const { rows } = await db.executeQuery(
          CompiledQuery.raw(verb + compiled.sql, [...compiled.parameters]),
        );
        const plan = (rows as Record<string, unknown>[]).map((row) =>
          String(row['QUERY PLAN'] ?? row.detail),
        );
        console.log(`    ${kind} ${table}: ${plan.map((line) => line.trim()).join(' | ')}`);
      }
    }
  } finally {
    await recording.destroy();
  }
}

async function measure(db: Db, user: User) {
  const service = createSearchService({ search: createSearchRepository(db) });
  for (const { label, query } of await queriesFor(db)) {
    const encoded = decodeURIComponent(encodeSearchQuery(query));
    let hits = 0;
    for (let i = 0; i < 5; i++) hits = (await service.search(user, encoded)).length;
    const times: number[] = [];
    const started = performance.now();
    while (times.length < MAX_RUNS && performance.now() - started < MAX_MS_PER_QUERY) {
      const t0 = performance.now();
      await service.search(user, encoded);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(22)} ${JSON.stringify(query).padEnd(30)} hits ${String(hits).padStart(2)}  ` +
        `p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(times, 99).toFixed(2).padStart(7)} ms  (${times.length} runs)`,
    );
  }
}

async function run(
  name: string,
  database: Config['database'],
  setup?: (db: Kysely<unknown>) => Promise<void>,
) {
  console.log(`\n== ${name} ==`);
  const db = createDb(database);
  try {
    if (setup) await setup(db as unknown as Kysely<unknown>);
    await migrateToLatest(db, database.kind === 'postgres' ? database.schema : undefined);
    const company = await db
      .insertInto('companies')
      .values({ name: 'Bench', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    console.log('filling:');
    await fill(db, company.id);
    if (postgres) await sql`analyze`.execute(db);
    const user: User = {
      id: 1,
      name: 'Bench',
      email: 'bench@example.com',
      avatar: null,
      company_id: company.id,
      roles: ['admin'],
      permissions: [],
    };
    console.log('query plans:');
    await explain(db, database, user);
    console.log('search service latency (3 types, admin):');
    await measure(db, user);
  } finally {
    await db.destroy();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-bench-'));
try {
  await run('SQLite', { kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const schema = `bench_${process.pid}`;
  const admin = createDb({ kind: 'postgres', url });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await run('PostgreSQL', { kind: 'postgres', url, schema });
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  }
} else {
  console.log('\nPostgreSQL skipped: set TEST_DATABASE_URL to run it too.');
}
