import { sql } from 'kysely';
import { type AnyDb, addColumns, createIndex, dropColumns } from './helpers';

const CREATIVES_COLUMNS = [
  ['click_url', 'text'],
  ['rule_filter', 'text'],
] as const;

const LIVE = sql<boolean>`deleted_at is null`;

async function live(db: AnyDb, name: string, columns: ReturnType<typeof sql>) {
  await db.schema
    .createIndex(`creatives_live_${name}_idx`)
    .on('creatives')
    .expression(columns)
    .where(LIVE)
    .execute();
}

/**
 * Creatives get their click-through URL and rule filter (JSON text), and the list's filters and
 * sorts get partial indexes over live rows (the pattern of 2026-11-21-0540): by campaign, by size,
 * by campaign and status, and by campaign and name ignoring case (the uniqueness check). Not a unique
 * index: rows written before the rule may repeat a name, and a migration must not fail on them.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'creatives', CREATIVES_COLUMNS);
  await live(db, 'campaign', sql`company_id, campaign_id, updated_at, id`);
  await live(db, 'size', sql`company_id, (width * 10000 + height), id`);
  await live(db, 'campaign_status', sql`campaign_id, status`);
  await live(db, 'campaign_name', sql`campaign_id, lower(name)`);
  await db.schema.dropIndex('creatives_campaign_id_status_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of ['campaign', 'size', 'campaign_status', 'campaign_name']) {
    await db.schema.dropIndex(`creatives_live_${name}_idx`).execute();
  }
  await createIndex(db, 'creatives_campaign_id_status_idx', 'creatives', ['campaign_id', 'status']);
  await dropColumns(db, 'creatives', CREATIVES_COLUMNS);
}
