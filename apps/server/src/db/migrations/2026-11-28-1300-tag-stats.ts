import { createDailyStats } from './2026-11-23-1000-stats';
import type { AnyDb } from './helpers';

/**
 * Daily stats per ad tag (docs/design.md §11): the impressions and clicks a tag served, per rule and
 * UTC day, beside `stats_daily` (which keeps every view, tagged or not, per creative and rule). The
 * same flush of the stats buffer writes both. `tag_id` has no foreign key, as `rule_id` has none: a
 * flush never fails on a row that went meanwhile (tags are only revoked, and go with their creative).
 */
export async function up(db: AnyDb): Promise<void> {
  await createDailyStats(db, 'stats_tag_daily', 'tag_id');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stats_tag_daily').execute();
}
