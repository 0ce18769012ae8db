import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { createDb, type Db } from '../db/database';
import { migrateToLatest, schemaOf } from '../db/migrate';
import { runPeriodically } from '../lib/periodic';

/**
 * SQLite plans from statistics it gathers only when asked. Without them an equality on an indexed
 * column looks like ten rows, so `company_id = ?` wins over 25 ids looked up by key and a page read
 * every row of a company. `PRAGMA optimize` (bounded by analysis_limit) refreshes the statistics of
 * tables that changed a lot: at start for every table, then hourly, as SQLite recommends.
 */
const OPTIMIZE_EVERY_MS = 3_600_000;

/** Opens the database (or takes a given one), migrates it and closes it with the server. */
export const dbPlugin = fp<{ db?: Db }>(
  async (app, opts) => {
    const db = opts.db ?? createDb(app.config.database);
    await migrateToLatest(db, schemaOf(app.config.database));
    app.decorate('db', db);
    if (app.config.database.kind === 'sqlite') {
      await sql`pragma optimize = 0x10002`.execute(db);
      runPeriodically(app, 'sqlite optimize', OPTIMIZE_EVERY_MS, () => sql`pragma optimize`.execute(db));
    }
    app.addHook('onClose', async () => {
      if (!opts.db) await db.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
