import { type Status, statusPath } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { type Changes, created } from '../../lib/audit-changes';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

export interface SeededItem {
  entityId: number;
  /** The fields it was created with (status draft); its status now is `status`. */
  fields: Record<string, unknown>;
  status: Status;
  /** Hours before now of its last move; earlier steps are a day apart. */
  hoursAgo: number;
}

/** Who seeds demo items, and of what kind. */
export interface SeedScope {
  companyId: number;
  userId: number;
  entityType: string;
}

/**
 * The columns the app writes on an item it creates, for a demo item now in `status` (its history
 * is seedHistory's): its company, status, author and times.
 */
export const seededColumns = (scope: SeedScope, status: Status, at: string) => ({
  company_id: scope.companyId,
  status,
  created_by: scope.userId,
  created_at: at,
  updated_at: at,
});

/** An audit log entry on a demo item, as the app would have written it. */
const entryOf = (scope: SeedScope, entityId: number, action: string, changes: Changes, at: string) => ({
  company_id: scope.companyId,
  user_id: scope.userId,
  entity_type: scope.entityType,
  entity_id: entityId,
  action,
  changes: JSON.stringify(changes),
  created_at: at,
});

/**
 * Demo items' creation entries, all at `at`, for items without a status (assets, packages). One
 * INSERT for all items.
 */
export async function seedCreations(
  db: Executor,
  scope: SeedScope,
  at: string,
  items: readonly Pick<SeededItem, 'entityId' | 'fields'>[],
): Promise<void> {
  const rows = items.map((item) => entryOf(scope, item.entityId, 'created', created(item.fields), at));
  if (rows.length) await db.insertInto('audit_log').values(rows).execute();
}

/**
 * Demo histories the app could have written: created as draft, then each allowed move to the
 * item's status (the contract's `statusPath`). One INSERT for all items.
 */
export async function seedHistory(
  db: Executor,
  scope: SeedScope,
  items: readonly SeededItem[],
): Promise<void> {
  const rows = items.flatMap((item) => {
    // Every status is reachable from draft (the contract's tests walk the table).
    const path = statusPath('draft', item.status)!;
    return path.map((to, step) =>
      entryOf(
        scope,
        item.entityId,
        step === 0 ? 'created' : 'status',
        step === 0 ? created({ ...item.fields, status: 'draft' }) : { status: [path[step - 1], to] },
        new Date(Date.now() - (item.hoursAgo + 24 * (path.length - 1 - step)) * 3_600_000).toISOString(),
      ),
    );
  });
  if (rows.length) await db.insertInto('audit_log').values(rows).execute();
}
