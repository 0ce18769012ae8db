import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

const LINK_TABLES = ['preview_links', 'report_links', 'approval_links'] as const;

/**
 * Publishers' decisions (docs/design.md §5, the token pages issue): who decided (the name the
 * approver gave), from which IP address, the fingerprint of what was approved (package version,
 * fallback, dynamic content) and why a decision went back to pending. Token links count their
 * openings, so sharing tabs show the number without counting `token_views`.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of ['approver_name', 'decided_ip', 'fingerprint', 'reset_reason'])
    await db.schema.alterTable('approvals').addColumn(column, 'text').execute();
  for (const table of LINK_TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of LINK_TABLES) await db.schema.alterTable(table).dropColumn('view_count').execute();
  for (const column of ['reset_reason', 'fingerprint', 'decided_ip', 'approver_name'])
    await db.schema.alterTable('approvals').dropColumn(column).execute();
}
