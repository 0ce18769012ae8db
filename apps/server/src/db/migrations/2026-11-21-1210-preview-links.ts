import { sql } from 'kysely';
import { type AnyDb, createIndex } from './helpers';

/**
 * A creative has one preview link in use at a time (`GET /v1/creatives/{id}/preview-url` creates it
 * once): two first calls at the same moment cannot both create one. Replaces the plain index.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create unique index preview_links_live_creative_idx on preview_links (creative_id) where revoked_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('preview_links_creative_id_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('preview_links_live_creative_idx').execute();
  await createIndex(db, 'preview_links_creative_id_idx', 'preview_links', ['creative_id']);
}
