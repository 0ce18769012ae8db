import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import { isPostgres } from '../../lib/indexed-filter';
import { copyText, pgCopyWriter } from './pg-copy-writer';
import { sqliteRowsWriter } from './sqlite-rows-writer';
import { STAGED_COLUMNS, type StagingWriter } from './staged-rows';

/** The profile whose rules a swap writes. */
interface Owner {
  id: number;
  company_id: number;
}

/** What a swap did to the rules, as the sync's history row keeps it. */
export interface Moved {
  rows_added: number;
  rows_changed: number;
  rows_removed: number;
}

type SwapCounts = Record<'staged' | 'matched' | 'revived' | 'changed' | 'differing' | 'live', number>;

/** pg answers count(*) as a number (database.ts) but sums as text, and a sum of no rows as null. */
const swapCounts = (row: Record<keyof SwapCounts, number | string | null> | undefined): SwapCounts => ({
  staged: Number(row?.staged ?? 0),
  matched: Number(row?.matched ?? 0),
  revived: Number(row?.revived ?? 0),
  changed: Number(row?.changed ?? 0),
  differing: Number(row?.differing ?? 0),
  live: Number(row?.live ?? 0),
});

/**
 * The revision a statement gives the profile's rules it writes (migration 2026-12-07-1620): on
 * PostgreSQL the transaction's id; on SQLite, whose one writer commits in write order, the
 * profile's highest plus one, read by the writing statement itself. Set here, the triggers that
 * would otherwise set it row by row do not fire.
 */
const revisionOf = (executor: Executor, profileId: number) =>
  isPostgres(executor)
    ? sql`txid_current()`
    : sql`(select coalesce(max(revision), 0) + 1 from profile_rules where profile_id = ${profileId})`;

/** Whether the profile has any rule, live or ended. */
async function hasAnyRule(executor: Executor, profileId: number): Promise<boolean> {
  const rule = await executor
    .selectFrom('profile_rules')
    .select('id')
    .where('profile_id', '=', profileId)
    .limit(1)
    .executeTakeFirst();
  return rule !== undefined;
}

/**
 * Where a sync's rows wait for its swap, and how they are written there (SQL text rather than the
 * query builder, which cost more than the write at this size).
 *
 * PostgreSQL: `profile_sync_rows`, unlogged (migration 2026-11-22-1100), written by COPY. The
 * staging and the swap run on different pooled connections, so the table is a shared one.
 *
 * SQLite: a temporary table of the sync's own, written by multi-row inserts. The server has one
 * SQLite connection, which sees it from the first write to the swap, and SQLite keeps temporary
 * tables outside the database file: the staged rows never pass through the write-ahead log or its
 * checkpoints, and the swap drops the table instead of deleting 100,000 rows from a shared one and
 * committing those pages. A crash takes the table with the connection. `profile_sync_rows` is
 * still emptied of the sync's rows on failure, for rows staged there before this change.
 */
function stagingOf(db: Executor, syncId: number) {
  const postgres = isPostgres(db);
  const name = postgres ? 'profile_sync_rows' : `profile_sync_rows_${syncId}`;
  const qualified = postgres ? name : `temp.${name}`;
  return {
    table: sql.table(qualified),
    async create() {
      if (postgres) return;
      await db.schema
        .createTable(name)
        .temporary()
        .ifNotExists()
        .addColumn('sync_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('unique_id', 'text', (c) => c.notNull())
        .addColumn('reporting_label', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('condition_ids', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      // The swap's joins look staged rows up by Unique_ID, as in profile_sync_rows.
      await db.schema
        .createIndex(`${name}_unique_id_idx`)
        .ifNotExists()
        .on(name)
        .columns(['sync_id', 'unique_id'])
        .unique()
        .execute();
    },
    writer: (): StagingWriter =>
      postgres
        ? pgCopyWriter(db, `profile_sync_rows (${STAGED_COLUMNS})`, `${syncId}\t`)
        : sqliteRowsWriter(db, syncId, qualified),
    async remove() {
      await db.deleteFrom('profile_sync_rows').where('sync_id', '=', syncId).execute();
      if (!postgres) await db.schema.dropTable(qualified).ifExists().execute();
    },
  };
}

/**
 * The SQL of a sync's staging and swap (the sync itself is profile-sync.ts): each engine's staging,
 * the writers that fill it, and the swap of the staged rows into the profile's rules. Every method
 * takes the executor it runs on, since the swap's statements share the sync's one transaction.
 */
export const createProfileStagingRepository = (db: Db) => ({
  /** Creates the sync's staging and answers its writer. */
  async open(syncId: number, trx: Executor = db): Promise<StagingWriter> {
    const staging = stagingOf(trx, syncId);
    await staging.create();
    return staging.writer();
  },

  /** Removes the sync's staged rows (and on SQLite its table). */
  remove: (syncId: number, trx: Executor = db) => stagingOf(trx, syncId).remove(),

  /** Whether the profile has any rule, live or ended. */
  hasRules: (profileId: number, trx: Executor = db) => hasAnyRule(trx, profileId),

  /**
   * Samples the rules for PostgreSQL's planner (ANALYZE reads a fixed sample, ~30,000 rows, at any
   * size). Until autovacuum gets to a table that a sync just filled, the planner takes the
   * profile's 700,000 rules for one and sorts them all for a page by Unique_ID (1.4 s instead of
   * 0.1 ms). SQLite's statistics are kept by `pragma optimize` (decision 0043).
   */
  async analyzeRules(): Promise<void> {
    if (isPostgres(db)) await sql`analyze profile_rules`.execute(db);
  },

  /**
   * A first sync's rules, written by COPY straight into `profile_rules` inside the sync's transaction
   * (PostgreSQL): the constant columns lead each line, then the staged columns in their order.
   */
  rulesWriter(trx: Executor, profile: Owner, at: string): StagingWriter {
    const columns = STAGED_COLUMNS.replace('sync_id, ', '');
    return pgCopyWriter(
      trx,
      `profile_rules (company_id, profile_id, created_at, updated_at, ${columns})`,
      `${profile.company_id}\t${profile.id}\t${copyText(at)}\t${copyText(at)}\t`,
    );
  },

  /**
   * The swap: rules matched by Unique_ID take the new values (and keep their ids; an ended one
   * comes back), new rows become rules, rules whose rows left the feed end. Runs in the caller's
   * transaction and removes the staging.
   *
   * One pass over the staged rows joined to the rules counts what the swap will do, and only the
   * statements with work to do run: a re-sync of an unchanged feed is that pass alone, a first
   * sync (a profile without rules) one insert with nothing to join. Each skipped statement would
   * have been a pass over every staged row or rule that changed nothing.
   */
  async swap(trx: Executor, profile: Owner, syncId: number, at: string): Promise<Moved> {
    const staging = stagingOf(trx, syncId);
    const s = staging.table;
    const hasRules = await hasAnyRule(trx, profile.id);
    const revision = revisionOf(trx, profile.id);
    const insert = (onlyNew: boolean) => sql`insert into profile_rules
        (company_id, profile_id, position, unique_id, reporting_label, is_default, active, start_date,
         end_date, condition_ids, data, created_at, updated_at, revision)
      select ${profile.company_id}, ${profile.id}, s.position, s.unique_id, s.reporting_label,
        s.is_default, s.active, s.start_date, s.end_date, s.condition_ids, s.data, ${at}, ${at}, ${revision}
      from ${s} s
      where s.sync_id = ${syncId}${
        onlyNew
          ? sql` and not exists
        (select 1 from profile_rules r where r.profile_id = ${profile.id} and r.unique_id = s.unique_id)`
          : sql``
      }`;
    if (!hasRules) {
      const inserted = await insert(false).execute(trx);
      await staging.remove();
      return { rows_added: Number(inserted.numAffectedRows ?? 0), rows_changed: 0, rows_removed: 0 };
    }

    const content = sql<boolean>`(r.reporting_label <> s.reporting_label or r.is_default <> s.is_default
      or r.active <> s.active or coalesce(r.start_date, '') <> coalesce(s.start_date, '')
      or coalesce(r.end_date, '') <> coalesce(s.end_date, '') or r.condition_ids <> s.condition_ids
      or r.data <> s.data)`;
    const differs = sql<boolean>`(r.ended_at is not null or r.position <> s.position or ${content})`;
    // Counted over the staged rows: `matched` and `revived` (ended rules that come back) by their
    // rules, `differing` rows that the update must write, `changed` those whose content differs.
    const counted = await sql<Record<keyof SwapCounts, number | string | null>>`
      select count(*) as staged, count(r.id) as matched,
        sum(case when r.ended_at is not null then 1 else 0 end) as revived,
        sum(case when r.ended_at is null and ${content} then 1 else 0 end) as changed,
        sum(case when ${differs} then 1 else 0 end) as differing,
        (select count(*) from profile_rules l where l.profile_id = ${profile.id} and l.ended_at is null) as live
      from ${s} s
      left join profile_rules r on r.profile_id = ${profile.id} and r.unique_id = s.unique_id
      where s.sync_id = ${syncId}`.execute(trx);
    const { staged, matched, revived, changed, differing, live } = swapCounts(counted.rows[0]);

    if (differing > 0)
      await sql`update profile_rules as r set
          position = s.position, reporting_label = s.reporting_label, is_default = s.is_default,
          active = s.active, start_date = s.start_date, end_date = s.end_date,
          condition_ids = s.condition_ids, data = s.data, ended_at = null, updated_at = ${at},
          revision = ${revision}
        from ${s} s
        where s.sync_id = ${syncId} and r.profile_id = ${profile.id} and s.unique_id = r.unique_id
          and ${differs}`.execute(trx);
    const added = matched < staged ? Number((await insert(true).execute(trx)).numAffectedRows ?? 0) : 0;
    // Live rules the staged rows did not all match: those that left the feed end.
    const ended =
      matched - revived < live
        ? await sql`update profile_rules set ended_at = ${at}, updated_at = ${at}, revision = ${revision}
            where profile_id = ${profile.id} and ended_at is null and not exists
              (select 1 from ${s} s where s.sync_id = ${syncId}
                and s.unique_id = profile_rules.unique_id)`.execute(trx)
        : undefined;
    await staging.remove();
    return {
      rows_added: added + revived,
      rows_changed: changed,
      rows_removed: Number(ended?.numAffectedRows ?? 0),
    };
  },
});
export type ProfileStagingRepository = ReturnType<typeof createProfileStagingRepository>;
