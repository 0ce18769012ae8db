import type { AuditAction, HistoryEntry } from '@adstudio/contract';
import type { Db, Executor } from '../../db/database';
import type { Changes } from '../../lib/audit-changes';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { AUDIT_REFERENCES, type ReferencedTable, referencedIds, withRefs } from './audit-references';

export interface AuditRecord {
  companyId: number;
  userId: number | null;
  entityType: string;
  entityId: number;
  action: AuditAction;
  changes: Changes;
  /** The personal access token the write was made with. */
  tokenId?: number;
  tokenName?: string;
}

export interface HistoryScope {
  companyId: number;
  entityType: string;
  entityId: number;
}

/** The audit log: who changed what, when, old → new per field. Shared by every section. */
export const createAuditRepository = (db: Db) => ({
  /**
   * Writes entries inside the transaction that made the change, so both happen or neither: one
   * INSERT for all of them (a bulk action of 1,000 items is one statement).
   */
  record: async (trx: Executor, ...entries: AuditRecord[]): Promise<void> => {
    if (entries.length === 0) return;
    const at = nowIso();
    await trx
      .insertInto('audit_log')
      .values(
        entries.map((entry) => ({
          company_id: entry.companyId,
          user_id: entry.userId,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          action: entry.action,
          changes: JSON.stringify(entry.changes),
          created_at: at,
          token_id: entry.tokenId ?? null,
          token_name: entry.tokenName ?? null,
        })),
      )
      .execute();
  },

  /**
   * An item's history, newest first, with the name of who did it and of the rows its changes name
   * by id (`refs`): one query per table named, the company's rows only, deleted ones too.
   */
  history: async (
    { companyId, entityType, entityId }: HistoryScope,
    trx: Executor = db,
  ): Promise<HistoryEntry[]> => {
    const rows = await trx
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .where('audit_log.company_id', '=', companyId)
      .where('audit_log.entity_type', '=', entityType)
      .where('audit_log.entity_id', '=', entityId)
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.changes',
        'audit_log.created_at',
        'users.id as user_id',
        'users.name as user_name',
        'audit_log.token_name',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .execute();
    const entries = rows.map((row) => ({
      id: row.id,
      action: row.action,
      user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
      changes: parseJson<Changes>(row.changes, {}),
      created_at: row.created_at,
      ...(row.token_name !== null ? { token_name: row.token_name } : {}),
    }));
    const fields = AUDIT_REFERENCES[entityType] ?? {};
    const found = await Promise.all(
      [...referencedIds(entries, fields)].map(
        async ([table, ids]) => [table, await namedRows(trx, companyId, table, ids)] as const,
      ),
    );
    return withRefs(entries, fields, new Map(found));
  },
});

/** The id, name and deletion of the company's rows of `table` among `ids`. */
function namedRows(trx: Executor, companyId: number, table: ReferencedTable, ids: readonly number[]) {
  return trx
    .selectFrom(table)
    .select(['id', 'name', 'deleted_at'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
