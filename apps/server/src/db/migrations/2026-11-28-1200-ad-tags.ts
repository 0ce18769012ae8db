import { type AnyDb, companyTable, createIndex, fk } from './helpers';

/**
 * Ad tags (docs/design.md §11): a creative's placements, each optionally for a
 * publisher, with a random token (never derived from ids) that `/serve/{token}` looks up. Tags are
 * revoked, never deleted, so counts and ad servers' pasted snippets keep naming them.
 */
export async function up(db: AnyDb): Promise<void> {
  await companyTable(db, 'ad_tags')
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('media_entity_id', 'integer', fk('media_entities', 'set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', fk('users', 'set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await createIndex(db, 'ad_tags_token_key', 'ad_tags', ['token'], { unique: true });
  await createIndex(db, 'ad_tags_creative_idx', 'ad_tags', ['company_id', 'creative_id', 'id']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ad_tags').execute();
}
