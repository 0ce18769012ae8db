import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/**
 * Daily stats (docs/design.md §5 and §9): impressions and clicks per creative, rule (0 for a
 * creative without feed, so the key has no nullable column) and UTC day, upserted in batches by
 * the trackers `/t/i` and `/t/c`. Reports read a campaign's days through the second index.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stats_daily')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('creative_id', 'integer', (c) => c.notNull().references('creatives.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_daily_pk', ['creative_id', 'rule_id', 'day'])
    .execute();
  await db.schema
    .createIndex('stats_daily_campaign_day_idx')
    .on('stats_daily')
    .columns(['company_id', 'campaign_id', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stats_daily').execute();
}
