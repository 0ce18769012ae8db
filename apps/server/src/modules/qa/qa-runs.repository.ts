import type { QaFindingKind, QaSeverity } from '@adstudio/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { QaFindingsTable, QaRunsTable } from '../../db/schema';

/** Rows inserted at once: far below both engines' bound-parameter limits. */
const CHUNK = 200;

const chunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** A distinct variant as a run plans it: its content's key and the rules that have that content. */
export interface PlannedVariant {
  key: string;
  rules: string;
  state: 'pending' | 'carried';
  findings: string | null;
}

/**
 * QA runs, their variants and findings as rows. A run is always found by company first; its
 * variants and findings are read only through a run so found.
 */
export const createQaRunsRepository = (db: Db) => ({
  find: (companyId: number, creativeId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('qa_runs')
      .leftJoin('users', 'users.id', 'qa_runs.created_by')
      .selectAll('qa_runs')
      .select('users.name as created_by_name')
      .where((eb) =>
        eb.and({ 'qa_runs.company_id': companyId, 'qa_runs.creative_id': creativeId, 'qa_runs.id': id }),
      )
      .executeTakeFirst(),

  /** A run by id alone: the job's own reads (it was queued by a scoped request). */
  byId: (id: number, trx: Executor = db) =>
    trx.selectFrom('qa_runs').selectAll().where('id', '=', id).executeTakeFirst(),

  /** A page of the creative's runs, newest first, and how many there are. */
  list: async (
    companyId: number,
    creativeId: number,
    page: { offset: number; limit: number } | null,
    trx: Executor = db,
  ) => {
    const runs = trx
      .selectFrom('qa_runs')
      .where((eb) => eb.and({ 'qa_runs.company_id': companyId, 'qa_runs.creative_id': creativeId }));
    const ordered = runs
      .leftJoin('users', 'users.id', 'qa_runs.created_by')
      .selectAll('qa_runs')
      .select('users.name as created_by_name')
      .orderBy('qa_runs.id', 'desc');
    const [rows, total] = await Promise.all([
      (page ? ordered.offset(page.offset).limit(page.limit) : ordered).execute(),
      runs.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** The creative's run still under way, if one is. */
  open: (creativeId: number, trx: Executor = db) =>
    trx
      .selectFrom('qa_runs')
      .select(['id', 'status'])
      .where('creative_id', '=', creativeId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst(),

  /** The newest finished run of the creative that passed with this fingerprint. */
  passed: (creativeId: number, fingerprint: string, trx: Executor = db) =>
    trx
      .selectFrom('qa_runs')
      .select('id')
      .where('creative_id', '=', creativeId)
      .where('status', '=', 'finished')
      .where('verdict', '=', 'passed')
      .where('fingerprint', '=', fingerprint)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The checked variants of the creative's earlier runs with these keys, newest check first. */
  checkedVariants: async (creativeId: number, keys: readonly string[], trx: Executor = db) => {
    const found = new Map<string, string>();
    for (const part of chunks(keys)) {
      const rows = await trx
        .selectFrom('qa_run_variants')
        .innerJoin('qa_runs', 'qa_runs.id', 'qa_run_variants.run_id')
        .select(['qa_run_variants.key', 'qa_run_variants.findings'])
        .where('qa_runs.creative_id', '=', creativeId)
        .where('qa_run_variants.state', 'in', ['checked', 'carried'])
        .where('qa_run_variants.key', 'in', part)
        .orderBy('qa_run_variants.id', 'desc')
        .execute();
      for (const row of rows)
        if (!found.has(row.key) && row.findings !== null) found.set(row.key, row.findings);
    }
    return found;
  },

  insert: (row: Insertable<QaRunsTable>, trx: Executor = db) =>
    trx.insertInto('qa_runs').values(row).returning('id').executeTakeFirstOrThrow(),

  insertVariants: async (runId: number, variants: readonly PlannedVariant[], trx: Executor = db) => {
    for (const part of chunks(variants))
      await trx
        .insertInto('qa_run_variants')
        .values(part.map((variant) => ({ run_id: runId, ...variant })))
        .execute();
  },

  insertFindings: async (rows: readonly Insertable<QaFindingsTable>[], trx: Executor = db) => {
    for (const part of chunks(rows)) await trx.insertInto('qa_findings').values(part).execute();
  },

  /**
   * Moves an open run to `set.status` (running, or an end); answers whether it was open: a run
   * ends once, and a run cancelled meanwhile is not started again.
   */
  moveOpen: async (id: number, set: Updateable<QaRunsTable>, trx: Executor = db) => {
    const result = await trx
      .updateTable('qa_runs')
      .set(set)
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Adds a batch's checked variants to the run's counts. */
  count: (id: number, added: { checked: number; errors: number; warnings: number }, trx: Executor = db) =>
    trx
      .updateTable('qa_runs')
      .set({
        checked: sql`checked + ${added.checked}`,
        errors: sql`errors + ${added.errors}`,
        warnings: sql`warnings + ${added.warnings}`,
      })
      .where('id', '=', id)
      .execute(),

  /** The run's next variants still to check, in plan order, after the variant `after` (an id). */
  pending: (runId: number, limit: number, after = 0, trx: Executor = db) =>
    trx
      .selectFrom('qa_run_variants')
      .select(['id', 'key', 'rules'])
      .where('run_id', '=', runId)
      .where('state', '=', 'pending')
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute(),

  /** Records a variant's check; answers false when it was already recorded (a resumed run). */
  checked: async (variantId: number, findings: string, trx: Executor = db) => {
    const result = await trx
      .updateTable('qa_run_variants')
      .set({ state: 'checked', findings })
      .where('id', '=', variantId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** A page of a run's findings narrowed by kind and severity, feed order of their rules, and the count. */
  findings: async (
    runId: number,
    narrow: { kind?: QaFindingKind | undefined; severity?: QaSeverity | undefined },
    page: { offset: number; limit: number } | null,
    trx: Executor = db,
  ) => {
    let query = trx.selectFrom('qa_findings').where('run_id', '=', runId);
    if (narrow.kind) query = query.where('kind', '=', narrow.kind);
    if (narrow.severity) query = query.where('severity', '=', narrow.severity);
    const ordered = query.selectAll().orderBy('id');
    const [rows, total] = await Promise.all([
      (page ? ordered.offset(page.offset).limit(page.limit) : ordered).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** The run's findings counted by kind and severity. */
  counts: (runId: number, trx: Executor = db) =>
    trx
      .selectFrom('qa_findings')
      .select(['kind', 'severity', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('run_id', '=', runId)
      .groupBy(['kind', 'severity'])
      .execute(),
});
export type QaRunsRepository = ReturnType<typeof createQaRunsRepository>;
