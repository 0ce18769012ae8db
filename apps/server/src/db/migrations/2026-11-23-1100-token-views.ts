import { type AnyDb, companyTable, createIndex } from './helpers';

const LINK_TABLES = ['preview_links', 'report_links', 'approval_links'] as const;

/**
 * Token links' views (docs/design.md §5 and §9): each opening of a preview, report or
 * approval link is logged (time, a keyed hash of the IP address, the user agent) for its sharing
 * tab, and the link keeps when it was last opened.
 */
export async function up(db: AnyDb): Promise<void> {
  await companyTable(db, 'token_views')
    .addColumn('link_kind', 'text', (c) => c.notNull())
    .addColumn('link_id', 'integer', (c) => c.notNull())
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'token_views_link_idx', 'token_views', ['link_kind', 'link_id', 'viewed_at']);
  for (const table of LINK_TABLES)
    await db.schema.alterTable(table).addColumn('last_viewed_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of LINK_TABLES) await db.schema.alterTable(table).dropColumn('last_viewed_at').execute();
  await db.schema.dropTable('token_views').execute();
}
