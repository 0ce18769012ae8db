import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/**
 * Ad tags (the ad tags issue, docs/design.md §11): a creative's placements, each optionally for a
 * publisher, with a random token (never derived from ids) that `/serve/{token}` looks up. Tags are
 * revoked, never deleted, so counts and ad servers' pasted snippets keep naming them.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('ad_tags')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('creative_id', 'integer', (c) => c.notNull().references('creatives.id').onDelete('cascade'))
    .addColumn('media_entity_id', 'integer', (c) => c.references('media_entities.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('ad_tags_token_key').unique().on('ad_tags').column('token').execute();
  await db.schema
    .createIndex('ad_tags_creative_idx')
    .on('ad_tags')
    .columns(['company_id', 'creative_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ad_tags').execute();
}
