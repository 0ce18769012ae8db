import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Profiles become feeds (docs/design.md §5 and §10): a source, a schedule and ingestion figures on
 * the profile; rules keyed by the feed's Unique_ID (so their ids survive re-syncs) that end rather
 * than vanish; errors with value and severity per sync; a history of syncs; and the staging rows a
 * sync writes before it swaps them in one transaction.
 */
export async function up(db: AnyDb): Promise<void> {
  const profiles = [
    ['source', 'text', "'gsheet'"],
    ['file_key', 'text', null],
    ['file_name', 'text', null],
    ['schedule', 'text', null],
    ['next_sync_at', 'text', null],
    ['sync_error', 'text', null],
    ['columns', 'text', "'[]'"],
    ['rows_total', 'integer', '0'],
    ['rows_processed', 'integer', '0'],
    ['rows_active', 'integer', '0'],
    ['rows_with_errors', 'integer', '0'],
    ['warnings_total', 'integer', '0'],
    ['rules_live', 'integer', '0'],
    ['sync_id', 'integer', null],
  ] as const;
  for (const [name, type, fallback] of profiles)
    await db.schema
      .alterTable('profiles')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(sql.raw(fallback))))
      .execute();
  await db.schema
    .createIndex('profiles_next_sync_at_idx')
    .on('profiles')
    .column('next_sync_at')
    .where(sql.ref('schedule'), 'is not', null)
    .execute();

  await db.schema.alterTable('profile_rules').renameColumn('key', 'unique_id').execute();
  const rules = [
    ['reporting_label', 'text', "''"],
    ['is_default', 'integer', '0'],
    ['active', 'integer', '1'],
    ['start_date', 'text', null],
    ['end_date', 'text', null],
    ['ended_at', 'text', null],
  ] as const;
  for (const [name, type, fallback] of rules)
    await db.schema
      .alterTable('profile_rules')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(sql.raw(fallback))))
      .execute();
  await db.schema
    .createIndex('profile_rules_profile_id_unique_id_idx')
    .on('profile_rules')
    .columns(['profile_id', 'unique_id'])
    .unique()
    .execute();
  // The rules a feed serves now, in feed order (the rules tab pages through them).
  await db.schema
    .createIndex('profile_rules_live_position_idx')
    .on('profile_rules')
    .columns(['profile_id', 'position', 'id'])
    .where(sql.ref('ended_at'), 'is', null)
    .execute();

  await db.schema.alterTable('profile_errors').addColumn('value', 'text').execute();
  await db.schema
    .alterTable('profile_errors')
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('error'))
    .execute();
  await db.schema.alterTable('profile_errors').addColumn('sync_id', 'integer').execute();

  await db.schema
    .createTable('profile_syncs')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('syncing'))
    .addColumn('revision', 'text')
    .addColumn('error', 'text')
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_with_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warnings_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('profile_syncs_profile_id_idx')
    .on('profile_syncs')
    .columns(['profile_id', 'id'])
    .execute();

  // What a sync read, before the swap; removed by the swap or by a failed sync.
  await db.schema
    .createTable('profile_sync_rows')
    .addColumn('sync_id', 'integer', (c) => c.notNull().references('profile_syncs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('reporting_label', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('condition_ids', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('profile_sync_rows_sync_id_unique_id_idx')
    .on('profile_sync_rows')
    .columns(['sync_id', 'unique_id'])
    .unique()
    .execute();
  await db.schema.createIndex('profile_errors_sync_id_idx').on('profile_errors').column('sync_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('profile_sync_rows').execute();
  await db.schema.dropTable('profile_syncs').execute();
  await db.schema.dropIndex('profile_errors_sync_id_idx').execute();
  for (const column of ['sync_id', 'severity', 'value'])
    await db.schema.alterTable('profile_errors').dropColumn(column).execute();
  await db.schema.dropIndex('profile_rules_live_position_idx').execute();
  await db.schema.dropIndex('profile_rules_profile_id_unique_id_idx').execute();
  for (const column of ['ended_at', 'end_date', 'start_date', 'active', 'is_default', 'reporting_label'])
    await db.schema.alterTable('profile_rules').dropColumn(column).execute();
  await db.schema.alterTable('profile_rules').renameColumn('unique_id', 'key').execute();
  await db.schema.dropIndex('profiles_next_sync_at_idx').execute();
  for (const column of [
    'sync_id',
    'rules_live',
    'warnings_total',
    'rows_with_errors',
    'rows_active',
    'rows_processed',
    'rows_total',
    'columns',
    'sync_error',
    'next_sync_at',
    'schedule',
    'file_name',
    'file_key',
    'source',
  ])
    await db.schema.alterTable('profiles').dropColumn(column).execute();
}
