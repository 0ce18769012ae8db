import type { Bulk, BulkResult, Section, Status, User } from '@adstudio/contract';
import { type BulkEntry, type BulkRow, runBulk, type SetWrites, setOperations } from './bulk';
import { retryOnUniqueViolation } from './db-errors';
import { type NameScope, nameKey } from './scoped-repository';
import { nowIso } from './time';

/** With bulk actions: the repository's set writes, and which names a batch restore would take back. */
export interface BulkRepository<R, X> extends SetWrites<R, X> {
  takenNames(
    companyId: number,
    names: readonly { name: string; scope?: number }[],
    scopeColumn: string | undefined,
    trx: X,
  ): Promise<Set<string>>;
}

/** What refuses rows of a bulk action, by the slice's own rules: a message per refused id. */
export interface BulkRefusals<R, X> {
  delete?: (rows: readonly R[], trx: X) => Promise<Map<number, string>>;
  restore?: (rows: readonly R[], trx: X) => Promise<Map<number, string>>;
  /** Rows that may not move to `status` (their own rule, beyond the status table's). */
  status?: (rows: readonly R[], status: Status, trx: X) => Promise<Map<number, string>>;
}

/** What of a resource's configuration (lib/resource) its bulk actions use. */
export interface BulkConfig<R, X> {
  noun: string;
  audit: { log(trx: X, user: User, ...entries: BulkEntry[]): Promise<void> };
  transaction: <T>(work: (trx: X) => Promise<T>) => Promise<T>;
  name?: { message: string; scope?: (row: R) => NameScope };
  bulk?: { section: Section; repository: BulkRepository<R & BulkRow, NoInfer<X>> };
}

/**
 * A resource's bulk action: one transaction of set operations (lib/bulk) with the slice's own
 * refusals; a restore also refuses a row whose name a live row, or one restored earlier in the
 * batch, has (scoped as the name rule is). A restore that raced a write taking one of its names runs
 * again, and then refuses that row by name; `race` maps what still breaks a unique index.
 */
export function resourceBulk<R extends { id: number; name: string }, X>(
  config: BulkConfig<R, X>,
  race: (error: unknown) => never,
) {
  const { name } = config;

  /** The rows a batch restore refuses by name; those `refused` already names keep their reason. */
  const namesTakenBack = async (
    repository: BulkRepository<R & BulkRow, X>,
    companyId: number,
    rows: readonly R[],
    refused: Map<number, string>,
    trx: X,
  ): Promise<Map<number, string>> => {
    if (!name) return refused;
    const scoped = rows.map((row) => ({ row, scope: name.scope?.(row) }));
    const taken = await repository.takenNames(
      companyId,
      scoped.map(({ row, scope }) => ({ name: row.name, scope: scope?.value })),
      scoped.find(({ scope }) => scope)?.scope?.column,
      trx,
    );
    for (const { row, scope } of scoped) {
      if (refused.has(row.id)) continue;
      const key = nameKey(row.name, scope?.value);
      if (taken.has(key)) refused.set(row.id, name.message);
      else taken.add(key);
    }
    return refused;
  };

  return (user: User, body: Bulk, refuse: BulkRefusals<R & BulkRow, X> = {}): Promise<BulkResult[]> => {
    const sets = config.bulk;
    if (!sets) throw new Error(`${config.noun}: bulk needs the section's set writes`);
    const company = user.company_id;
    const run = () =>
      config.transaction((trx) =>
        runBulk(
          user,
          body,
          {
            noun: config.noun,
            section: sets.section,
            ...setOperations(sets.repository, company, trx),
            log: (entries) => config.audit.log(trx, user, ...entries),
            ...(refuse.delete
              ? { refuseDelete: (rows: readonly (R & BulkRow)[]) => refuse.delete!(rows, trx) }
              : {}),
            ...(refuse.status
              ? {
                  refuseStatus: (rows: readonly (R & BulkRow)[], status: Status) =>
                    refuse.status!(rows, status, trx),
                }
              : {}),
            refuseRestore: async (rows) =>
              namesTakenBack(
                sets.repository,
                company,
                rows,
                (await refuse.restore?.(rows, trx)) ?? new Map(),
                trx,
              ),
          },
          nowIso(),
        ),
      );
    return retryOnUniqueViolation(run, 2).catch(race);
  };
}
