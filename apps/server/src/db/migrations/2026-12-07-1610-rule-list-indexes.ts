import { sql } from 'kysely';
import type { AnyDb } from './helpers';

/**
 * A profile's live rules sorted by Reporting_Label are an index walk, as the feed order is (issue 47,
 * decision 0144: 1.4 s a page at 700,000 rules without it). SQLite's lower() is JavaScript's
 * (db/database.ts), as in the other lower(name) indexes. A trigram index for the text filter was
 * measured and left out: it cost a sync more than the feed's 120 s allow (decision 0144).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('profile_rules_live_label_idx')
    .on('profile_rules')
    .expression(sql`profile_id, lower(reporting_label), id`)
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('profile_rules_live_label_idx').execute();
}
