import type { AuditAction, HistoryEntry, User } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import type { Changes } from '../../lib/audit-changes';
import { tokenOf } from '../../lib/current-user';
import type { AuditRepository } from './audit.repository';

export interface AuditEntry {
  entityId: number;
  action: AuditAction;
  changes: Changes;
}

/** One entity type's side of the audit log, as its service uses it: who did it comes from the user. */
export const createAuditLog = (audit: AuditRepository, entityType: string) => ({
  log: (trx: Executor, user: User, ...entries: AuditEntry[]) => {
    // A write made with a personal access token names it (docs/design.md §12).
    const token = tokenOf(user);
    return audit.record(
      trx,
      ...entries.map((entry) => ({
        companyId: user.company_id,
        userId: user.id,
        entityType,
        ...(token ? { tokenId: token.id, tokenName: token.name } : {}),
        ...entry,
      })),
    );
  },

  history: (user: User, entityId: number): Promise<HistoryEntry[]> =>
    audit.history({ companyId: user.company_id, entityType, entityId }),
});
export type AuditLog = ReturnType<typeof createAuditLog>;
