import type { Status } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { created } from '../../lib/audit-changes';
import { statusPath } from '../../lib/status-moves';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

export interface SeededItem {
  entityId: number;
  /** The fields it was created with (status draft); its status now is `status`. */
  fields: Record<string, unknown>;
  status: Status;
  /** Hours before now of its last move; earlier steps are a day apart. */
  hoursAgo: number;
}

/**
 * Demo histories the app could have written: created as draft, then each allowed move to the
 * item's status (lib/status-moves `statusPath`). One INSERT for all items.
 */
export async function seedHistory(
  db: Executor,
  scope: { companyId: number; userId: number; entityType: string },
  items: readonly SeededItem[],
): Promise<void> {
  const rows = items.flatMap((item) => {
    const path = statusPath(item.status);
    return path.map((to, step) => ({
      company_id: scope.companyId,
      user_id: scope.userId,
      entity_type: scope.entityType,
      entity_id: item.entityId,
      action: step === 0 ? 'created' : 'status',
      changes: JSON.stringify(
        step === 0 ? created({ ...item.fields, status: 'draft' }) : { status: [path[step - 1], to] },
      ),
      created_at: new Date(
        Date.now() - (item.hoursAgo + 24 * (path.length - 1 - step)) * 3_600_000,
      ).toISOString(),
    }));
  });
  if (rows.length) await db.insertInto('audit_log').values(rows).execute();
}
