import { type AnyDb, addColumns, companyTable, createIndex, dropColumns, fk } from './helpers';

const PROFILES_COLUMNS = [
  ['source', 'text', 'gsheet'],
  ['file_key', 'text'],
  ['file_name', 'text'],
  ['schedule', 'text'],
  ['next_sync_at', 'text'],
  ['sync_error', 'text'],
  ['columns', 'text', '[]'],
  ['rows_total', 'integer', 0],
  ['rows_processed', 'integer', 0],
  ['rows_active', 'integer', 0],
  ['rows_with_errors', 'integer', 0],
  ['warnings_total', 'integer', 0],
  ['rules_live', 'integer', 0],
  ['sync_id', 'integer'],
] as const;
const PROFILE_RULES_COLUMNS = [
  ['reporting_label', 'text', ''],
  ['is_default', 'integer', 0],
  ['active', 'integer', 1],
  ['start_date', 'text'],
  ['end_date', 'text'],
  ['ended_at', 'text'],
] as const;
const PROFILE_ERRORS_COLUMNS = [
  ['value', 'text'],
  ['severity', 'text', 'error'],
  ['sync_id', 'integer'],
] as const;

/**
 * Profiles become feeds (docs/design.md §5 and §10): a source, a schedule and ingestion figures on
 * the profile; rules keyed by the feed's Unique_ID (so their ids survive re-syncs) that end rather
 * than vanish; errors with value and severity per sync; a history of syncs; and the staging rows a
 * sync writes before it swaps them in one transaction.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'profiles', PROFILES_COLUMNS);
  await createIndex(db, 'profiles_next_sync_at_idx', 'profiles', ['next_sync_at'], {
    where: ['schedule', 'is not', null],
  });

  await db.schema.alterTable('profile_rules').renameColumn('key', 'unique_id').execute();
  await addColumns(db, 'profile_rules', PROFILE_RULES_COLUMNS);
  await createIndex(
    db,
    'profile_rules_profile_id_unique_id_idx',
    'profile_rules',
    ['profile_id', 'unique_id'],
    { unique: true },
  );
  // The rules a feed serves now, in feed order (the rules tab pages through them).
  await createIndex(
    db,
    'profile_rules_live_position_idx',
    'profile_rules',
    ['profile_id', 'position', 'id'],
    {
      where: ['ended_at', 'is', null],
    },
  );

  await addColumns(db, 'profile_errors', PROFILE_ERRORS_COLUMNS);

  await companyTable(db, 'profile_syncs')
    .addColumn('profile_id', 'integer', fk('profiles'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', fk('users', 'set null'))
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
  await createIndex(db, 'profile_syncs_profile_id_idx', 'profile_syncs', ['profile_id', 'id']);

  // What a sync read, before the swap; removed by the swap or by a failed sync.
  await db.schema
    .createTable('profile_sync_rows')
    .addColumn('sync_id', 'integer', fk('profile_syncs'))
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
  await createIndex(
    db,
    'profile_sync_rows_sync_id_unique_id_idx',
    'profile_sync_rows',
    ['sync_id', 'unique_id'],
    { unique: true },
  );
  await createIndex(db, 'profile_errors_sync_id_idx', 'profile_errors', ['sync_id']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('profile_sync_rows').execute();
  await db.schema.dropTable('profile_syncs').execute();
  await db.schema.dropIndex('profile_errors_sync_id_idx').execute();
  await dropColumns(db, 'profile_errors', PROFILE_ERRORS_COLUMNS);
  await db.schema.dropIndex('profile_rules_live_position_idx').execute();
  await db.schema.dropIndex('profile_rules_profile_id_unique_id_idx').execute();
  await dropColumns(db, 'profile_rules', PROFILE_RULES_COLUMNS);
  await db.schema.alterTable('profile_rules').renameColumn('unique_id', 'key').execute();
  await db.schema.dropIndex('profiles_next_sync_at_idx').execute();
  await dropColumns(db, 'profiles', PROFILES_COLUMNS);
}
