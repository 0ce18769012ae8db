import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DB, ProfileErrorsTable, ProfileSyncsTable, ProfilesTable } from '../../db/schema';
import { isPostgres } from '../../lib/indexed-filter';
import { parseJson } from '../../lib/json';
import { idIn } from '../../lib/list';
import { WeightedCache } from '../../lib/weighted-cache';

export type ProfileSyncRow = Selectable<ProfileSyncsTable>;
export type ProfileErrorRow = Selectable<ProfileErrorsTable>;

/** An issue the profile shows: not one of a partial read by the sync running now. */
const shown = (eb: ExpressionBuilder<DB, 'profile_errors'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('profiles')
        .select('profiles.id')
        .whereRef('profiles.id', '=', 'profile_errors.profile_id')
        .whereRef('profiles.sync_id', '=', 'profile_errors.sync_id')
        .where('profiles.status', '=', 'syncing'),
    ),
  );

/**
 * `shown` for the issues of one profile: the sync it runs now (if any) is read once, where `shown`
 * looks the profile up again for each issue (10,000 of them in a 700,000-row feed's report, issue 47).
 * An issue of no sync is shown, as there.
 */
const shownOf = (profileId: number) =>
  sql<boolean>`not coalesce(profile_errors.sync_id = (select p.sync_id from profiles p
    where p.id = ${profileId} and p.status = 'syncing'), false)`;

/**
 * Whether a sync of the same feed would now take the issue's row in (decision 0116): the issue
 * names missing conditions (set only when they are its row's only error) and the company now has
 * a live condition of each name, matched as a sync matches them (lower-cased; the live-name index
 * answers each). Each engine's own JSON: json_each, jsonb_array_elements_text.
 */
const resolvedNow = (db: Executor, companyId: number) => {
  const names = isPostgres(db)
    ? sql`jsonb_array_elements_text(cast(profile_errors.missing_conditions as jsonb)) as n(value)`
    : sql`json_each(profile_errors.missing_conditions) as n`;
  return sql<boolean>`(profile_errors.missing_conditions is not null and not exists (
    select 1 from ${names} where not exists (
      select 1 from conditions c
      where c.company_id = ${companyId} and c.deleted_at is null and lower(c.name) = n.value)))`;
};

/** An issue as the report answers it. */
export interface ReportedIssue {
  row: number | null;
  column: string | null;
  value: string | null;
  message: string;
  severity: string;
  fixed_by_resync: boolean;
}

/**
 * The issues a profile shows, each with `fixed_by_resync` false, and by index the condition names
 * that alone keep a row out (whether they exist now is looked up on each answer). Frozen: a kept
 * report's issues are handed out as they are.
 */
interface Report {
  issues: readonly Readonly<ReportedIssue>[];
  missing: Map<number, string[]>;
}

/** A report of this many issues or more is kept (a 700,000-row feed's has ~10,000: 2.2 MB of JSON). */
const REPORT_KEPT_FROM = 1_000;
/** Bytes of reports kept in all, about (the text of their fields and 100 a row). */
const REPORTS_KEPT_BYTES = 32 * 1024 * 1024;

const weightOf = ({ issues }: Report) =>
  issues.reduce(
    (sum, issue) =>
      sum + 100 + (issue.column?.length ?? 0) + (issue.value?.length ?? 0) + issue.message.length,
    0,
  );

/**
 * A profile's syncs: their history rows, the claim that keeps one running at a time, the progress
 * and outcome they write on their profile, and the issues they found. Scoped by company where a
 * user asks; a sync's own writes go by its id.
 */
export const createProfileSyncsRepository = (db: Db) => {
  /**
   * The issues of large reports, by profile, with the count and highest id of the issues shown
   * when they were read: issues are only ever inserted (each id higher than those before) or
   * deleted, so any change to what a profile shows changes one of the two.
   */
  const reports = new WeightedCache<number, { stamp: string; companyId: number; report: Report }>(
    REPORTS_KEPT_BYTES,
  );

  /** The company's live conditions among these (lower-cased) names, as a sync matches them. */
  const liveNames = async (companyId: number, names: string[]) => {
    const live = new Set<string>();
    for (let from = 0; from < names.length; from += 500) {
      const rows = await db
        .selectFrom('conditions')
        .select(sql<string>`lower(name)`.as('name'))
        .where('company_id', '=', companyId)
        .where('deleted_at', 'is', null)
        .where(sql<string>`lower(name)`, 'in', names.slice(from, from + 500))
        .execute();
      for (const row of rows) live.add(row.name);
    }
    return live;
  };

  /** The issues the profile shows, in sheet order: kept if it shows the same as when they were read. */
  const shownReport = async (companyId: number, profileId: number): Promise<Report> => {
    const shownHere = db
      .selectFrom('profile_errors')
      .where((eb) => eb.and({ company_id: companyId, profile_id: profileId }))
      .where(shownOf(profileId));
    const counted = await shownHere
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('id').as('last')])
      .executeTakeFirstOrThrow();
    const stamp = `${counted.n}:${counted.last}`;
    const found = reports.get(profileId);
    if (found?.stamp === stamp && found.companyId === companyId) return found.report;
    const rows = await shownHere
      .select(['row', 'column', 'value', 'message', 'severity', 'missing_conditions'])
      .orderBy(sql`coalesce(${sql.ref('row')}, 0)`)
      .orderBy('id')
      .execute();
    const missing = new Map<number, string[]>();
    const issues = rows.map(({ missing_conditions, ...issue }, index) => {
      if (missing_conditions !== null) missing.set(index, parseJson<string[]>(missing_conditions, []));
      return Object.freeze({ ...issue, fixed_by_resync: false });
    });
    const report = { issues, missing };
    if (issues.length >= REPORT_KEPT_FROM)
      reports.set(profileId, { stamp, companyId, report }, weightOf(report));
    else reports.delete(profileId);
    return report;
  };

  return {
    /**
     * Marks the profile syncing under `syncId` unless a sync of it is running: answers whether it
     * did. The one conditional update is what keeps two syncs of a profile from running at once,
     * whichever instance asks.
     */
    claimSync: async (id: number, syncId: number, trx: Executor) => {
      const result = await trx
        .updateTable('profiles')
        .set({ status: 'syncing', sync_id: syncId, rows_processed: 0, sync_error: null })
        .where('id', '=', id)
        .where('status', '!=', 'syncing')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Progress of the running sync, readable by any instance. */
    setProgress: (id: number, syncId: number, processed: number, total: number) =>
      db
        .updateTable('profiles')
        .set({ rows_processed: processed, rows_total: total })
        .where('id', '=', id)
        .where('sync_id', '=', syncId)
        .execute(),

    /** Still this sync's profile (not deleted, no newer sync took it over)? */
    stillCurrent: async (profileId: number, syncId: number, trx: Executor = db) => {
      const current = await trx
        .selectFrom('profiles')
        .select(['sync_id', 'deleted_at'])
        .where('id', '=', profileId)
        .executeTakeFirst();
      return !!current && !current.deleted_at && current.sync_id === syncId;
    },

    /** The sync's outcome on its profile, unless a newer sync has taken the profile over: answers whether it did. */
    updateProfileOf: async (
      profileId: number,
      syncId: number,
      values: Updateable<ProfilesTable>,
      trx: Executor = db,
    ) => {
      const result = await trx
        .updateTable('profiles')
        .set(values)
        .where('id', '=', profileId)
        .where('sync_id', '=', syncId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    insertSync: (values: Insertable<ProfileSyncsTable>, trx: Executor = db) =>
      trx.insertInto('profile_syncs').values(values).returningAll().executeTakeFirstOrThrow(),

    findSync: (id: number, trx: Executor = db) =>
      trx.selectFrom('profile_syncs').selectAll().where('id', '=', id).executeTakeFirst(),

    updateSync: (id: number, values: Updateable<ProfileSyncsTable>, trx: Executor = db) =>
      trx.updateTable('profile_syncs').set(values).where('id', '=', id).execute(),

    /**
     * The profile's last sync that read its feed whole (synced, or stopped for a confirmation): the
     * one whose figures and issues the profile shows.
     */
    lastComplete: (profileId: number, trx: Executor = db) =>
      trx
        .selectFrom('profile_syncs')
        .selectAll()
        .where('profile_id', '=', profileId)
        .where('status', 'in', ['synced', 'needs_confirmation'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The profile's syncs, newest first, with who started them. */
    history: (companyId: number, profileId: number, limit = 100) =>
      db
        .selectFrom('profile_syncs')
        .leftJoin('users', 'users.id', 'profile_syncs.user_id')
        .selectAll('profile_syncs')
        .select('users.name as user_name')
        .where((eb) =>
          eb.and({ 'profile_syncs.company_id': companyId, 'profile_syncs.profile_id': profileId }),
        )
        .orderBy('profile_syncs.id', 'desc')
        .limit(limit)
        .execute(),

    // --- issues --------------------------------------------------------------------------------

    insertIssues: (rows: Insertable<ProfileErrorsTable>[], trx: Executor = db) =>
      trx.insertInto('profile_errors').values(rows).execute(),

    /** Removes the issues a sync found. */
    removeIssuesOf: (syncId: number, trx: Executor = db) =>
      trx.deleteFrom('profile_errors').where('sync_id', '=', syncId).execute(),

    /**
     * Removes the profile's issues of every sync but `keptSyncId` (the last complete one, if any):
     * a failed sync's partial read and earlier failures go. Issues of no sync (before syncs were
     * recorded) stay with the last complete sync's.
     */
    removeIssuesBut: (profileId: number, keptSyncId: number | null, trx: Executor = db) => {
      let query = trx
        .deleteFrom('profile_errors')
        .where('profile_id', '=', profileId)
        .where('sync_id', 'is not', null);
      if (keptSyncId !== null) query = query.where('sync_id', '!=', keptSyncId);
      return query.execute();
    },

    /** Keeps only this sync's issues of the profile: those of earlier syncs go. */
    keepIssuesOf: (profileId: number, syncId: number, trx: Executor = db) =>
      trx
        .deleteFrom('profile_errors')
        .where('profile_id', '=', profileId)
        .where((eb) => eb.or([eb('sync_id', 'is', null), eb('sync_id', '!=', syncId)]))
        .execute(),

    /**
     * The profile's issues, in sheet order (those of no row first): those of its last sync, never
     * the partial ones of a sync still running; each says whether a sync would now take its row in
     * (its missing conditions all exist now). A large report is read once while it stays the same.
     */
    issues: async (
      companyId: number,
      profileId: number,
      { severity, column }: { severity?: string; column?: string },
    ) => {
      const report = await shownReport(companyId, profileId);
      let issues = report.issues;
      if (report.missing.size > 0) {
        const live = await liveNames(companyId, [...new Set([...report.missing.values()].flat())]);
        const fixed = issues.slice();
        for (const [index, names] of report.missing)
          if (names.every((name) => live.has(name)))
            fixed[index] = { ...fixed[index]!, fixed_by_resync: true };
        issues = fixed;
      }
      return severity || column
        ? issues.filter(
            (issue) => (!severity || issue.severity === severity) && (!column || issue.column === column),
          )
        : issues;
    },

    /**
     * How many of each profile's rejected rows a sync would now take in, by profile id (absent: none).
     * One statement for a page of profiles; only the issues that name missing conditions are read.
     */
    fixableRows: async (
      companyId: number,
      profileIds: readonly number[],
      trx: Executor = db,
    ): Promise<Map<number, number>> => {
      if (profileIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('profile_errors')
        .select('profile_id')
        .select((eb) => eb.fn.countAll<number | string>().as('rows'))
        .where('company_id', '=', companyId)
        .where(idIn('profile_id', profileIds))
        .where('missing_conditions', 'is not', null)
        .where(shown)
        .where(resolvedNow(trx, companyId))
        .groupBy('profile_id')
        .execute();
      return new Map(rows.map((row) => [row.profile_id, Number(row.rows)]));
    },
  };
};
export type ProfileSyncsRepository = ReturnType<typeof createProfileSyncsRepository>;
