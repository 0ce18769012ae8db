import { type AnyDb, createIndex } from './helpers';

/**
 * The dashboard counts a company's live assets. Without an index over exactly those rows the count
 * reads every asset row (measured: 24 ms for 300k assets on either engine); with this partial index
 * it scans the index alone. Campaigns, creatives, profiles and conditions have theirs already.
 */
export async function up(db: AnyDb): Promise<void> {
  await createIndex(db, 'assets_live_company_idx', 'assets', ['company_id'], {
    where: ['deleted_at', 'is', null],
  });
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('assets_live_company_idx').execute();
}
