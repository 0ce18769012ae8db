import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

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
  await db.schema
    .createIndex('preview_links_creative_id_idx')
    .on('preview_links')
    .column('creative_id')
    .execute();
}
