import { type AnyDb, addColumns, createIndex, dropColumns, fk, type NewColumn, tableWithId } from './helpers';

const CREATIVE_COLUMNS: readonly NewColumn[] = [
  ['rotation', 'text', 'rules'],
  ['rotation_weight_column', 'text'],
  ['rotation_goal', 'text', 'clicks'],
  ['holdout_percent', 'integer', 0],
  ['click_id_param', 'text', 'adstudio_click'],
];
const COMPANY_COLUMNS: readonly NewColumn[] = [['conversion_window_days', 'integer', 30]];

/**
 * Rotation, holdout and conversions (issue 46, decision 0137). A creative's rotation settings; the
 * company's conversion window. `stats_holdout_daily` counts the views a holdout served its static
 * control, per creative, ad tag (0: none) and UTC day — they are counted in `stats_daily` and
 * `stats_tag_daily` too, so the dynamic views are the difference. `conversions` holds each click's
 * conversion once (`click_id` is unique), attributed to what the signed click id names.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'creatives', CREATIVE_COLUMNS);
  await addColumns(db, 'companies', COMPANY_COLUMNS);
  await db.schema
    .createTable('stats_holdout_daily')
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_holdout_daily_pk', ['creative_id', 'tag_id', 'day'])
    .execute();
  await createIndex(db, 'stats_holdout_daily_campaign_day_idx', 'stats_holdout_daily', [
    'company_id',
    'campaign_id',
    'day',
  ]);
  await tableWithId(db, 'conversions')
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('campaign_id', 'integer', fk('campaigns'))
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rule_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holdout', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('click_id', 'text', (c) => c.notNull())
    .addColumn('clicked_at', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'conversions_click_idx', 'conversions', ['click_id'], { unique: true });
  await createIndex(db, 'conversions_campaign_day_idx', 'conversions', ['company_id', 'campaign_id', 'day']);
  await createIndex(db, 'conversions_creative_rule_idx', 'conversions', ['creative_id', 'rule_id']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('conversions').execute();
  await db.schema.dropTable('stats_holdout_daily').execute();
  await dropColumns(db, 'companies', COMPANY_COLUMNS);
  await dropColumns(db, 'creatives', CREATIVE_COLUMNS);
}
