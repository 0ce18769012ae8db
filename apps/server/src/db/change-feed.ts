import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config';
import { type Db, sqliteChangesOf } from './database';

/** A key every listener reads as "anything may have changed" (a TRUNCATE, a lost connection). */
export const EVERYTHING = '*';
/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 500;
/** How often SQLite is asked whether another process committed (its `data_version`). */
const DATA_VERSION_MS = 200;
/** How often a SQLite instance prunes its change log, and how long keys are kept there. */
const PRUNE_EVERY_MS = 30_000;
const LOG_KEPT_SECONDS = 60;
/** Keys starting so are the feed's own markers (`settled`), never a change. */
const MARKER = '~';

export interface ChangeListener {
  /** Keys of committed changes (`creative:12`, `profile:3`, …, or `*`). */
  changed(keys: readonly string[]): void;
}

/**
 * Committed changes of what served ads depend on (the serving triggers, migration
 * 2026-12-01-1000), as every instance hears them: on PostgreSQL through `LISTEN` on the schema's
 * channel (delivered at commit, in commit order, to every instance); on SQLite in process, from the
 * connection's trigger function, and another process's commit from the change log within
 * DATA_VERSION_MS. While it cannot hear (PostgreSQL not connected yet, or the
 * connection lost), `live` is false: what listeners keep may be stale, so they keep nothing; when
 * it hears again, listeners get `*`.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  /** Resolves once every change committed before the call has reached the listeners. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function openChangeFeed(
  db: Db,
  config: DatabaseConfig,
  log: { warn(object: unknown, message: string): void },
): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  const deliver = (keys: readonly string[]) => {
    for (const listener of listeners) listener.changed(keys);
  };
  const subscribe = (listener: ChangeListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const local = sqliteChangesOf(db, config.kind === 'sqlite' ? config.file : undefined);
  if (local || config.kind !== 'postgres') {
    const hear = (keys: readonly string[]) => deliver(keys);
    local?.listeners.add(hear);
    // Another process's commit (the sqlite3 shell, a restore, a CLI) is heard from the change log it
    // appended to (migration 2026-12-07-1400), once SQLite's data_version says one happened. Keys
    // this process appended come again then: dropping a set twice only costs a compile.
    let version: number | undefined;
    /** The last change read from the log; undefined until the first poll. */
    let seen: number | undefined;
    let lastPrune = Date.now();
    const readLog = async () => {
      const { rows } = await sql<{ id: number; key: string }>`
        select id, key from serving_changes where id > ${seen ?? 0} order by id`.execute(db);
      if (rows.length === 0) return;
      seen = rows[rows.length - 1]!.id;
      deliver([...new Set(rows.map((row) => row.key))]);
    };
    const poll = async () => {
      const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db);
      const now = rows[0]?.data_version;
      if (seen === undefined) {
        const last = await sql<{ id: number | null }>`select max(id) as id from serving_changes`.execute(db);
        seen = last.rows[0]?.id ?? 0;
      } else if (version !== undefined && now !== version) await readLog();
      version = now;
      // Every process reads the log within DATA_VERSION_MS: a minute's keys are plenty to keep.
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await sql`delete from serving_changes where at < strftime('%s', 'now') - ${LOG_KEPT_SECONDS}`.execute(
          db,
        );
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const tick = () =>
      // Without the log (a database before its migration): listeners drop everything.
      poll().catch(() => {
        if (version !== undefined) deliver([EVERYTHING]);
      });
    const start = () => {
      if (timer) return;
      // The first poll marks where the log is now: what was kept from then on hears what follows.
      void tick();
      timer = setInterval(() => void tick(), DATA_VERSION_MS);
      timer.unref();
    };
    return {
      // Asked before anything is kept: the feed starts hearing other processes then.
      get live() {
        start();
        return true;
      },
      subscribe,
      settled: async () => {},
      close: async () => {
        clearInterval(timer);
        local?.listeners.delete(hear);
      },
    };
  }

  const waiting = new Map<string, () => void>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let channel: string | undefined;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: config.url,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    next.on('notification', (message) => {
      const key = message.payload ?? EVERYTHING;
      if (key.startsWith(MARKER)) {
        waiting.get(key)?.();
        waiting.delete(key);
      } else deliver([key]);
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      live = false;
      // Whatever was announced meanwhile is lost: listeners drop all they keep.
      deliver([EVERYTHING]);
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      channel = `serving_${rows[0]!.schema}`;
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    live = true;
    deliver([EVERYTHING]);
  };
  const reconnect = async () => {
    try {
      await connect();
    } catch (error) {
      log.warn({ err: error }, 'could not listen for serving changes; trying again');
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS * 4).unref();
    }
  };
  // Listening starts when first asked (before anything is kept): services that never serve a tag
  // (a test's second set of services, a CLI) open no connection.
  let started: Promise<void> | undefined;
  const start = () => {
    started ??= reconnect();
    return started;
  };

  return {
    get live() {
      void start();
      return live;
    },
    subscribe,
    async settled() {
      await start();
      if (!live || !channel) return;
      const marker = `${MARKER}${randomBytes(9).toString('base64url')}`;
      const heard = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await sql`select pg_notify(${channel}, ${marker})`.execute(db);
      await heard;
    },
    async close() {
      closed = true;
      if (!started) return;
      await started;
      const last = client;
      client = undefined;
      live = false;
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      await last?.end().catch(() => {});
    },
  };
}
