import { type AnyDb, createIndex, fk } from './helpers';

/**
 * Daily stats (docs/design.md §5 and §9): impressions and clicks per creative, rule (0 for a
 * creative without feed, so the key has no nullable column) and UTC day, upserted in batches by
 * the trackers `/t/i` and `/t/c`. Reports read a campaign's days through the second index.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stats_daily')
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('rule_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_daily_pk', ['creative_id', 'rule_id', 'day'])
    .execute();
  await createIndex(db, 'stats_daily_campaign_day_idx', 'stats_daily', ['company_id', 'campaign_id', 'day']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stats_daily').execute();
}
