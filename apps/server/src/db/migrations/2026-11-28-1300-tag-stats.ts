import { type AnyDb, createIndex, fk } from './helpers';

/**
 * Daily stats per ad tag (the ad tags issue): the impressions and clicks a tag served, per rule and
 * UTC day, beside `stats_daily` (which keeps every view, tagged or not, per creative and rule). The
 * same flush of the stats buffer writes both. `tag_id` has no foreign key, as `rule_id` has none: a
 * flush never fails on a row that went meanwhile (tags are only revoked, and go with their creative).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stats_tag_daily')
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_tag_daily_pk', ['tag_id', 'rule_id', 'day'])
    .execute();
  await createIndex(db, 'stats_tag_daily_campaign_day_idx', 'stats_tag_daily', [
    'company_id',
    'campaign_id',
    'day',
  ]);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stats_tag_daily').execute();
}
