import type { AccessSubject, Bulk, BulkResult, Section, Status } from '@adstudio/contract';
import type { Changes } from './audit-changes';
import { failpoint } from './failpoints';
import { HttpError } from './http-errors';
import { checkMove } from './status-moves';
import { changedMeanwhile, nextUpdatedAtOfAll } from './versions';

/** What a bulk action needs to know of each row. */
export interface BulkRow {
  id: number;
  status: Status;
  updated_at: string;
  deleted_at: string | null;
}

export interface BulkEntry {
  entityId: number;
  action: 'status' | 'deleted' | 'restored';
  changes: Changes;
}

/**
 * One slice's set operations. Each acts on all the accepted ids in one statement; `log` writes all
 * the audit entries in one INSERT. `refuse*` answer a message per id the slice's own rules refuse
 * (e.g. "has live creatives", "name taken"), each in one query for all the rows.
 */
export interface BulkOps<R extends BulkRow> {
  noun: string;
  section: Section;
  /** The company's rows among `ids`: live ones, or soft-deleted ones for `restore`. */
  find(ids: readonly number[], deleted: boolean): Promise<R[]>;
  setStatus(ids: readonly number[], status: Status, at: string): Promise<number>;
  softDelete(ids: readonly number[], at: string): Promise<number>;
  restore(ids: readonly number[], at: string): Promise<number>;
  log(entries: readonly BulkEntry[]): Promise<void>;
  refuseDelete?(rows: readonly R[]): Promise<Map<number, string>>;
  refuseRestore?(rows: readonly R[]): Promise<Map<number, string>>;
  /** Rows the slice refuses to move to `status` (a QA gate before live). */
  refuseStatus?(rows: readonly R[], status: Status): Promise<Map<number, string>>;
}

/** The set writes of a company-scoped repository (lib/scoped-repository), on any executor `X`. */
export interface SetWrites<R, X> {
  findByIds(
    companyId: number,
    ids: readonly number[],
    trx: X,
    options: { deleted: boolean; lock: boolean },
  ): Promise<R[]>;
  setStatus(companyId: number, ids: readonly number[], status: Status, at: string, trx: X): Promise<number>;
  softDelete(companyId: number, ids: readonly number[], at: string, trx: X): Promise<number>;
  restore(companyId: number, ids: readonly number[], at: string, trx: X): Promise<number>;
}

/** A repository's set writes bound to one company and transaction, as `runBulk` calls them (rows locked). */
export const setOperations = <R extends BulkRow, X>(
  repository: SetWrites<R, X>,
  companyId: number,
  trx: X,
) => ({
  find: (ids: readonly number[], deleted: boolean) =>
    repository.findByIds(companyId, ids, trx, { deleted, lock: true }),
  setStatus: (ids: readonly number[], status: Status, at: string) =>
    repository.setStatus(companyId, ids, status, at, trx),
  softDelete: (ids: readonly number[], at: string) => repository.softDelete(companyId, ids, at, trx),
  restore: (ids: readonly number[], at: string) => repository.restore(companyId, ids, at, trx),
});

/**
 * Applies one bulk action (inside the caller's transaction): reads the rows once, decides per id in
 * code (found, allowed move, the slice's refusals), then writes all accepted ids with one UPDATE and
 * one audit INSERT, whatever the number of ids. Answers per id in the order given.
 */
export async function runBulk<R extends BulkRow>(
  user: AccessSubject,
  body: Bulk,
  ops: BulkOps<R>,
  now: string,
): Promise<BulkResult[]> {
  const ids = [...new Set(body.ids)];
  const rows = await ops.find(ids, body.action === 'restore');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refused =
    body.action === 'delete'
      ? await (ops.refuseDelete?.(rows) ?? new Map<number, string>())
      : body.action === 'restore'
        ? await (ops.refuseRestore?.(rows) ?? new Map<number, string>())
        : await (ops.refuseStatus?.(
            rows.filter((row) => row.status !== body.status),
            body.status,
          ) ?? new Map<number, string>());

  const results = new Map<number, BulkResult>();
  const accepted: R[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      results.set(id, { id, ok: false, message: `Cannot find this ${ops.noun}.` });
      continue;
    }
    if (body.action === 'status') {
      if (row.status === body.status) {
        results.set(id, { id, ok: true, message: `Already ${row.status}.` });
        continue;
      }
      // The status table speaks first: a gate refuses only a move the table allows.
      const move = checkMove(user, ops.section, row.status, body.status);
      if (!move.ok) {
        results.set(id, { id, ok: false, message: move.message });
        continue;
      }
    }
    const refusal = refused.get(id);
    if (refusal) {
      results.set(id, { id, ok: false, message: refusal });
      continue;
    }
    accepted.push(row);
    results.set(id, { id, ok: true });
  }

  if (accepted.length > 0) {
    const acceptedIds = accepted.map((row) => row.id);
    const at = nextUpdatedAtOfAll(
      accepted.map((row) => row.updated_at),
      now,
    );
    let entries: BulkEntry[];
    let written: number;
    if (body.action === 'status') {
      const to = body.status;
      written = await ops.setStatus(acceptedIds, to, at);
      entries = accepted.map((row) => ({
        entityId: row.id,
        action: 'status',
        changes: { status: [row.status, to] },
      }));
    } else if (body.action === 'delete') {
      written = await ops.softDelete(acceptedIds, at);
      entries = accepted.map((row) => ({
        entityId: row.id,
        action: 'deleted',
        changes: { deleted_at: [null, at] },
      }));
    } else {
      written = await ops.restore(acceptedIds, at);
      entries = accepted.map((row) => ({
        entityId: row.id,
        action: 'restored',
        changes: { deleted_at: [row.deleted_at, null] },
      }));
    }
    // Fewer rows written than read: another write got in between; the caller's transaction rolls back.
    if (written !== accepted.length) throw new HttpError(409, changedMeanwhile(ops.noun));
    await failpoint('bulk-write');
    await ops.log(entries);
  }
  return ids.map((id) => results.get(id)!);
}
