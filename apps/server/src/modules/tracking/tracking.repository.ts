import { CompiledQuery, type Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DB, StatsDailyTable, StatsHoldoutDailyTable, StatsTagDailyTable } from '../../db/schema';

export type StatsDailyRow = Insertable<StatsDailyTable>;
export type StatsTagDailyRow = Insertable<StatsTagDailyTable>;
export type StatsHoldoutDailyRow = Insertable<StatsHoldoutDailyTable>;

/**
 * Rows per upsert: 7 or 8 parameters each stays far below SQLite's and PostgreSQL's bound-parameter
 * limits, and one chunk holds SQLite's synchronous driver ~1 ms: between chunks, the event loop
 * answers what waits (served ads keep their latency while thousands of counts are written).
 */
const CHUNK = 200;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The daily counters, each table with its own key (migrations 2026-11-23-1000 and 2026-11-28-1300). */
const KEYS = {
  stats_daily: ['creative_id', 'rule_id', 'day'],
  stats_tag_daily: ['tag_id', 'rule_id', 'day'],
  stats_holdout_daily: ['creative_id', 'tag_id', 'day'],
} as const;

/**
 * Adds the rows' counts to `table`'s rows of their key, in chunks, creating those that do not exist
 * yet. Each chunk's statement is compiled once per table, size and columns, then run again with the
 * chunk's values: building the query of 200 rows cost more than SQLite's writing them (a flush of
 * 5,000 keys: ~16 ms compiled each time, ~8 ms reused).
 */
async function addTo<T extends keyof typeof KEYS>(
  trx: Executor,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  statements: Map<string, string>,
) {
  // Both tables have the counters; the statement is written with the first one's columns.
  const counted = table as 'stats_daily';
  const key = KEYS[table] as unknown as (typeof KEYS)['stats_daily'];
  for (let i = 0; i < rows.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    const chunk = rows.slice(i, i + CHUNK) as StatsDailyRow[];
    const columns = Object.keys(chunk[0]!) as (keyof StatsDailyRow)[];
    const statementKey = `${table}|${chunk.length}|${columns.join(',')}`;
    const values: unknown[] = [];
    for (const row of chunk) for (const column of columns) values.push(row[column]);
    const known = statements.get(statementKey);
    if (known) {
      await trx.executeQuery(CompiledQuery.raw(known, values));
      continue;
    }
    const query = trx
      .insertInto(counted)
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns([...key]).doUpdateSet((eb) => ({
          impressions: eb(`${counted}.impressions`, '+', eb.ref('excluded.impressions')),
          clicks: eb(`${counted}.clicks`, '+', eb.ref('excluded.clicks')),
        })),
      );
    const compiled = query.compile();
    // Kept only when its parameters are the values in the order they are given again.
    if (
      compiled.parameters.length === values.length &&
      compiled.parameters.every((value, at) => value === values[at])
    )
      statements.set(statementKey, compiled.sql);
    await query.execute();
  }
}

/**
 * What the trackers read and write. The trackers are public, so nothing here is scoped by a
 * user's company: the signed parameter set names the rows, and the company comes from them.
 */
export const createTrackingRepository = (db: Db) => {
  /** The counters' upserts, compiled (`addTo`). */
  const statements = new Map<string, string>();
  return {
    /** A creative as a click needs it (deleted ones too: the caller decides). */
    creative: (id: number, trx: Executor = db) =>
      trx
        .selectFrom('creatives')
        .select(['id', 'campaign_id', 'profile_id', 'click_url', 'click_id_param', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The data of a rule of this profile (JSON text). */
    ruleData: async (id: number, profileId: number, trx: Executor = db) =>
      (
        await trx
          .selectFrom('profile_rules')
          .select('data')
          .where('id', '=', id)
          .where('profile_id', '=', profileId)
          .executeTakeFirst()
      )?.data,

    /** Company and campaign of each of these creatives that exists. */
    owners: async (ids: readonly number[], trx: Executor = db) =>
      ids.length === 0
        ? []
        : trx
            .selectFrom('creatives')
            .select(['id', 'company_id', 'campaign_id'])
            .where('id', 'in', [...ids])
            .execute(),

    /** Adds the counts to the day's rows, creating those that do not exist yet. */
    addCounts: (rows: readonly StatsDailyRow[], trx: Executor = db) =>
      addTo(trx, 'stats_daily', rows, statements),

    /** The same per ad tag (views served by a tag). */
    addTagCounts: (rows: readonly StatsTagDailyRow[], trx: Executor = db) =>
      addTo(trx, 'stats_tag_daily', rows, statements),

    /** The company's conversion window, in days. */
    conversionWindow: async (companyId: number, trx: Executor = db) =>
      (
        await trx
          .selectFrom('companies')
          .select('conversion_window_days')
          .where('id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).conversion_window_days,

    setConversionWindow: (companyId: number, days: number, trx: Executor = db) =>
      trx
        .updateTable('companies')
        .set({ conversion_window_days: days })
        .where('id', '=', companyId)
        .execute(),

    /** Records a click's conversion unless its click id has one; answers the click id's conversion and whether it is new. */
    async addConversion(row: Insertable<DB['conversions']>, trx: Executor = db) {
      const inserted = await trx
        .insertInto('conversions')
        .values(row)
        .onConflict((conflict) => conflict.column('click_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      const known = await trx
        .selectFrom('conversions')
        .selectAll()
        .where('click_id', '=', row.click_id)
        .executeTakeFirstOrThrow();
      return { row: known, created: false };
    },

    /** The views a holdout served the static control, per creative and tag (issue 46). */
    addHoldoutCounts: (rows: readonly StatsHoldoutDailyRow[], trx: Executor = db) =>
      addTo(trx, 'stats_holdout_daily', rows, statements),
  };
};
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
