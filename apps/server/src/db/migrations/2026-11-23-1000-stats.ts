import { type AnyDb, createIndex, fk, type Table } from './helpers';

/**
 * Daily stats (docs/design.md §5 and §9): impressions and clicks per creative, rule (0 for a
 * creative without feed, so the key has no nullable column) and UTC day, upserted in batches by
 * the trackers `/t/i` and `/t/c`. Reports read a campaign's days through the second index.
 */
export async function up(db: AnyDb): Promise<void> {
  await createDailyStats(db, 'stats_daily', 'creative_id');
}

/**
 * A table of daily counters: impressions and clicks per `key` (a creative, or a tag: 2026-11-28-1300),
 * rule and UTC day, with the company and campaign that reports read them by.
 */
export async function createDailyStats(db: AnyDb, table: string, key: 'creative_id' | 'tag_id') {
  let created: Table = db.schema
    .createTable(table)
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('creative_id', 'integer', fk('creatives'));
  if (key === 'tag_id') created = created.addColumn('tag_id', 'integer', (c) => c.notNull());
  await created
    .addColumn('rule_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${table}_pk`, [key, 'rule_id', 'day'])
    .execute();
  await createIndex(db, `${table}_campaign_day_idx`, table, ['company_id', 'campaign_id', 'day']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stats_daily').execute();
}
