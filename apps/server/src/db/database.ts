import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config';
import type { TransactorOf } from '../lib/transaction';
import type { DB } from './schema';

export type Db = Kysely<DB>;
/** The database or an open transaction: what a repository method runs its query on. */
export type Executor = Kysely<DB>;
export type Transactor = TransactorOf<DB>;
export type DbEngine = DatabaseConfig['kind'];

// COUNT(*) and bigint ids come back from pg as strings; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createDb(config: DatabaseConfig): Db {
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const database = new SQLite(config.file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
