import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

const LINK_TABLES = ['preview_links', 'report_links', 'approval_links'] as const;

/**
 * Token links' views (docs/design.md §5, the token pages issue): each opening of a preview, report or
 * approval link is logged (time, a keyed hash of the IP address, the user agent) for its sharing
 * tab, and the link keeps when it was last opened.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('token_views')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('link_kind', 'text', (c) => c.notNull())
    .addColumn('link_id', 'integer', (c) => c.notNull())
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('token_views_link_idx')
    .on('token_views')
    .columns(['link_kind', 'link_id', 'viewed_at'])
    .execute();
  for (const table of LINK_TABLES)
    await db.schema.alterTable(table).addColumn('last_viewed_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of LINK_TABLES) await db.schema.alterTable(table).dropColumn('last_viewed_at').execute();
  await db.schema.dropTable('token_views').execute();
}
