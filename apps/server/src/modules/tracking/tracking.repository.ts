import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DB, StatsDailyTable, StatsHoldoutDailyTable, StatsTagDailyTable } from '../../db/schema';

export type StatsDailyRow = Insertable<StatsDailyTable>;
export type StatsTagDailyRow = Insertable<StatsTagDailyTable>;
export type StatsHoldoutDailyRow = Insertable<StatsHoldoutDailyTable>;

/** Rows per upsert: 7 or 8 parameters each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** The daily counters, each table with its own key (migrations 2026-11-23-1000 and 2026-11-28-1300). */
const KEYS = {
  stats_daily: ['creative_id', 'rule_id', 'day'],
  stats_tag_daily: ['tag_id', 'rule_id', 'day'],
  stats_holdout_daily: ['creative_id', 'tag_id', 'day'],
} as const;

/** Adds the rows' counts to `table`'s rows of their key, in chunks, creating those that do not exist yet. */
async function addTo<T extends keyof typeof KEYS>(
  trx: Executor,
  table: T,
  rows: readonly Insertable<DB[T]>[],
) {
  // Both tables have the counters; the statement is written with the first one's columns.
  const counted = table as 'stats_daily';
  const key = KEYS[table] as unknown as (typeof KEYS)['stats_daily'];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto(counted)
      .values(rows.slice(i, i + CHUNK) as StatsDailyRow[])
      .onConflict((conflict) =>
        conflict.columns([...key]).doUpdateSet((eb) => ({
          impressions: eb(`${counted}.impressions`, '+', eb.ref('excluded.impressions')),
          clicks: eb(`${counted}.clicks`, '+', eb.ref('excluded.clicks')),
        })),
      )
      .execute();
  }
}

/**
 * What the trackers read and write. The trackers are public, so nothing here is scoped by a
 * user's company: the signed parameter set names the rows, and the company comes from them.
 */
export const createTrackingRepository = (db: Db) => ({
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
  addCounts: (rows: readonly StatsDailyRow[], trx: Executor = db) => addTo(trx, 'stats_daily', rows),

  /** The same per ad tag (views served by a tag). */
  addTagCounts: (rows: readonly StatsTagDailyRow[], trx: Executor = db) =>
    addTo(trx, 'stats_tag_daily', rows),

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
    trx.updateTable('companies').set({ conversion_window_days: days }).where('id', '=', companyId).execute(),

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
    addTo(trx, 'stats_holdout_daily', rows),
});
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
