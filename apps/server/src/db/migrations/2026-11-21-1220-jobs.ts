import { sql } from 'kysely';
import { type AnyDb, createIndex, tableWithId } from './helpers';

/**
 * Background jobs (docs/design.md §8): package extraction now, feed syncs and processing assets
 * later. A row per job, so a job outlives the process that queued it and any instance can say how
 * it went. At most one queued-or-running job per (name, singleton_key): a unique partial index, so
 * two concurrent `send`s of the same key cannot both queue one.
 */
export async function up(db: AnyDb): Promise<void> {
  await tableWithId(db, 'jobs')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('state', 'text', (c) => c.notNull()) // queued | active | done | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await createIndex(db, 'jobs_waiting_idx', 'jobs', ['run_after', 'id'], { where: ['state', '=', 'queued'] });
  await db.schema
    .createIndex('jobs_singleton_idx')
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql<boolean>`state in ('queued', 'active') and singleton_key is not null`)
    .execute();
  await createIndex(db, 'jobs_finished_idx', 'jobs', ['finished_at']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
