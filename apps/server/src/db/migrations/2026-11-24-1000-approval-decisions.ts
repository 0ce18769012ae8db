import { type AnyDb, addColumns, dropColumns } from './helpers';

const APPROVALS_COLUMNS = [
  ['approver_name', 'text'],
  ['decided_ip', 'text'],
  ['fingerprint', 'text'],
  ['reset_reason', 'text'],
] as const;

const LINK_TABLES = ['preview_links', 'report_links', 'approval_links'] as const;
const LINK_COLUMNS = [['view_count', 'integer', 0]] as const;

/**
 * Publishers' decisions (docs/design.md §5 and §9): who decided (the name the
 * approver gave), from which IP address, the fingerprint of what was approved (package version,
 * fallback, dynamic content) and why a decision went back to pending. Token links count their
 * openings, so sharing tabs show the number without counting `token_views`.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'approvals', APPROVALS_COLUMNS);
  for (const table of LINK_TABLES) await addColumns(db, table, LINK_COLUMNS);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of LINK_TABLES) await dropColumns(db, table, LINK_COLUMNS);
  await dropColumns(db, 'approvals', APPROVALS_COLUMNS);
}
