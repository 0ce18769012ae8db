import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { createDb, type Db } from '../db/database';
import { migrateToLatest, schemaOf } from '../db/migrate';

/** Opens the database (or takes a given one), migrates it and closes it with the server. */
export const dbPlugin = fp<{ db?: Db }>(
  async (app, opts) => {
    const db = opts.db ?? createDb(app.config.database);
    await migrateToLatest(db, schemaOf(app.config.database));
    app.decorate('db', db);
    // SQLite's statistics for every table at start; then hourly (db/db.tasks.ts says why).
    if (app.config.database.kind === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db);
    app.addHook('onClose', async () => {
      if (!opts.db) await db.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
