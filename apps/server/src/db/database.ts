import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseIntrospector,
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  SqliteDialect,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config';
import { tracedDialect } from '../lib/tracing';
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
    // ANALYZE (run by `pragma optimize`, plugins/db.ts) samples this many rows per index: fast at any size.
    database.pragma('analysis_limit = 1000');
    foldCaseLikePostgres(database);
    const changes = localChangesOf(config.file === ':memory:' ? database : path.resolve(config.file));
    const committed = announceChanges(database, changes);
    hearOwnChanges(database);
    const db = new Kysely<DB>({
      dialect: tracedDialect(
        new SqliteDialect({ database: withStatementCache(database, committed) }),
        'sqlite',
      ),
    });
    sqliteChanges.set(db, changes);
    sqliteConnections.set(db, database);
    return db;
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // While PostgreSQL is down a request fails within seconds (503) instead of queueing for ever;
    // idle connections are let go, so the pool refills with fresh ones once it is back.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  surviveConnectionLoss(pool);
  const dialect = config.schema
    ? new SchemaPostgresDialect({ pool }, config.schema)
    : new PostgresDialect({ pool });
  return new Kysely<DB>({ dialect: tracedDialect(dialect, 'postgresql') });
}

/**
 * Keeps the process alive when PostgreSQL goes away (a restart, a failover, a proxy cutting
 * connections). A pooled connection that dies emits 'error'; unheard, that is an uncaught exception
 * and the process exits. Idle connections are heard by the pool's 'error' event; those checked out
 * by a query get a listener of their own — their query is rejected anyway (and answered 503, see
 * lib/db-errors.ts), and the pool drops them when they are released. New connections are opened as
 * needed, so the pool recovers by itself once PostgreSQL is back. One warning per pool is enough.
 */
function surviveConnectionLoss(pool: pg.Pool) {
  let warned = false;
  pool.on('error', (error) => {
    if (warned) return;
    warned = true;
    console.warn(`PostgreSQL closed a connection (${error.message}); new ones are opened as needed.`);
  });
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
}

/**
 * PostgreSQL confined to one schema. Kysely's migrator asks the introspector for every table of
 * every schema, and PostgreSQL's catalog query fails ("schema … does not exist") when another
 * schema is dropped meanwhile — the parallel test suites drop theirs all the time, and a shared
 * database may too. Here the tables are those of our own schema, read from the catalog alone.
 */
class SchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly schema: string,
  ) {
    super(config);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the introspector works below the typed schema
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    const schema = this.schema;
    const base = new PostgresIntrospector(db);
    return {
      getSchemas: () => base.getSchemas(),
      getMetadata: async () => ({ tables: await this.tablesOf(db, schema) }),
      getTables: () => this.tablesOf(db, schema),
    };
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above
  private async tablesOf(db: Kysely<any>, schema: string): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')`.execute(db);
    return rows.map((row) => ({
      name: row.name,
      schema,
      isView: row.kind === 'v' || row.kind === 'm',
      columns: [],
    }));
  }
}

/** How many prepared statements a SQLite connection keeps (least recently used ones go). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs about as much as running a short indexed query.
 * The same SQL text reuses its statement, unless that one is still being iterated (a stream).
 */
function withStatementCache(database: SQLite.Database, afterStatement: (source: string) => void) {
  const cache = new Map<string, RowStatement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = new RowStatement(database.prepare(text), afterStatement);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/**
 * A statement whose rows are built in JavaScript: better-sqlite3 reads them as arrays (raw mode) and
 * one function compiled per statement from its column names makes each object, which V8 does in
 * a fraction of the time better-sqlite3 takes setting each property through its C++ API — a page of
 * 26 campaigns reads in ~60 µs instead of ~110 µs. The objects are the same: an own property per
 * column, in column order, the last of two columns of one name winning.
 */
class RowStatement {
  #row: ((values: unknown[]) => unknown) | undefined;
  constructor(
    private readonly statement: SQLite.Statement,
    private readonly after: (source: string) => void,
  ) {}

  get reader() {
    return this.statement.reader;
  }
  get busy() {
    return this.statement.busy;
  }
  run(parameters: readonly unknown[]) {
    try {
      return this.statement.run(parameters);
    } finally {
      this.after(this.statement.source);
    }
  }
  all(parameters: readonly unknown[]) {
    const row = this.rowBuilder();
    try {
      const rows = this.statement.all(parameters) as unknown[][];
      for (let i = 0; i < rows.length; i++) (rows as unknown[])[i] = row(rows[i] as unknown[]);
      return rows;
    } finally {
      this.after(this.statement.source);
    }
  }
  *iterate(parameters: readonly unknown[]) {
    const row = this.rowBuilder();
    try {
      for (const values of this.statement.iterate(parameters)) yield row(values as unknown[]);
    } finally {
      this.after(this.statement.source);
    }
  }

  private rowBuilder() {
    if (!this.#row) {
      this.statement.raw(true);
      this.#row = compileRow(this.statement.columns().map((column) => column.name));
    }
    return this.#row;
  }
}

/** `(values) => ({ "id": values[0], "name": values[1], … })` for these column names. */
function compileRow(names: readonly string[]): (values: unknown[]) => unknown {
  // A quoted `"__proto__":` would set the prototype; the computed form makes an own property.
  const properties = names.map((name, i) =>
    name === '__proto__' ? `["__proto__"]: values[${i}]` : `${JSON.stringify(name)}: values[${i}]`,
  );
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: unknown[]) => unknown;
}

/**
 * SQLite's built-in lower() folds ASCII only; PostgreSQL's (UTF-8 ctype) folds every letter. Every
 * connection replaces it with JavaScript's, so `lower(name)` means the same on both engines: names
 * are unique, sorted and searched ignoring case for 'É' as for 'E'. Deterministic, so the
 * lower(name) indexes use it (they were rebuilt by migration 2026-11-21-1110); a connection that
 * opens the file without it (the sqlite3 shell) must not write to those tables.
 */
function foldCaseLikePostgres(database: SQLite.Database) {
  database.function('lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
}

/** What a SQLite connection announces of committed changes (the serving triggers' keys). */
export interface LocalChanges {
  listeners: Set<(keys: readonly string[]) => void>;
}
/** One announcer per database file in this process: every connection to the file reaches the same listeners. */
const localChanges = new Map<string | SQLite.Database, LocalChanges>();
const sqliteChanges = new WeakMap<Db, LocalChanges>();

function localChangesOf(file: string | SQLite.Database): LocalChanges {
  let changes = localChanges.get(file);
  if (!changes) {
    changes = { listeners: new Set() };
    localChanges.set(file, changes);
  }
  return changes;
}

/**
 * The announcer of a SQLite database's committed changes: of this connection, else of the file
 * (a connection with plugins is another Kysely of the same file); undefined on PostgreSQL.
 */
export const sqliteChangesOf = (db: Db, file?: string): LocalChanges | undefined =>
  sqliteChanges.get(db) ?? (file && file !== ':memory:' ? localChanges.get(path.resolve(file)) : undefined);

/** The better-sqlite3 connection under each SQLite Kysely (its change hook is installed on it). */
const sqliteConnections = new WeakMap<object, SQLite.Database>();

/**
 * This connection's own temporary trigger on `serving_changes` (migration 2026-12-07-1400), once
 * the log exists: each key the connection appends goes to `serving_changed()` too, and is announced
 * at commit in process. Other connections (the sqlite3 shell, a DB browser) have no such trigger
 * and only append; the change feed reads what they appended (db/change-feed.ts).
 */
function hearOwnChanges(database: SQLite.Database) {
  const log = database
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'serving_changes'")
    .get();
  if (log)
    database.exec(
      'create temp trigger if not exists serving_changes_heard after insert on main.serving_changes begin select serving_changed(new.key); end',
    );
}

/** Installs the change hook of a SQLite database's connection once its migrations have run. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work below the typed schema
export function hearServingChanges(db: Kysely<any>): void {
  const connection = sqliteConnections.get(db);
  if (connection) hearOwnChanges(connection);
}

/**
 * `serving_changed(key)`, which this connection's trigger on the change log calls: keys are
 * gathered while a transaction runs and announced once it commits (after the statement, outside a
 * transaction); a rollback drops them. Answers the hook to run after every statement.
 */
function announceChanges(database: SQLite.Database, changes: LocalChanges) {
  const pending = new Set<string>();
  database.function('serving_changed', { deterministic: false }, (key: unknown) => {
    if (typeof key === 'string') pending.add(key);
    return null;
  });
  return (source: string) => {
    if (pending.size === 0 || database.inTransaction) return;
    const keys = [...pending];
    pending.clear();
    if (/^\s*rollback\s*;?\s*$/i.test(source)) return;
    for (const listener of changes.listeners) {
      try {
        listener(keys);
      } catch (error) {
        console.warn('A listener of database changes failed:', error);
      }
    }
  };
}

export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
