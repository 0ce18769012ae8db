import { type AnyDb, companyTable, fk } from './helpers';

/**
 * Processing assets: per creative and profile rule, the files its image URL columns
 * point at and its backup image, each with where its job is. `slot` is the column name for an
 * image and `` for the backup, so one row per item is unique without nullable keys. Rules keep
 * their ids across syncs, so these survive them; a changed URL starts the item over.
 */
export async function up(db: AnyDb): Promise<void> {
  await companyTable(db, 'processing_assets')
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('rule_id', 'integer', fk('profile_rules'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('reason', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('processing_assets_item_key', ['creative_id', 'rule_id', 'slot'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('processing_assets').execute();
}
