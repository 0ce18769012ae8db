import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { StatsDailyTable, StatsTagDailyTable } from '../../db/schema';

export type StatsDailyRow = Insertable<StatsDailyTable>;
export type StatsTagDailyRow = Insertable<StatsTagDailyTable>;

/** Rows per upsert: 7 parameters each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * What the trackers read and write. The trackers are public, so nothing here is scoped by a
 * user's company: the signed parameter set names the rows, and the company comes from them.
 */
export const createTrackingRepository = (db: Db) => ({
  /** A creative as a click needs it (deleted ones too: the caller decides). */
  creative: (id: number, trx: Executor = db) =>
    trx
      .selectFrom('creatives')
      .select(['id', 'campaign_id', 'profile_id', 'click_url', 'deleted_at'])
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
  addCounts: async (rows: readonly StatsDailyRow[], trx: Executor = db) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('stats_daily')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((conflict) =>
          conflict.columns(['creative_id', 'rule_id', 'day']).doUpdateSet((eb) => ({
            impressions: eb('stats_daily.impressions', '+', eb.ref('excluded.impressions')),
            clicks: eb('stats_daily.clicks', '+', eb.ref('excluded.clicks')),
          })),
        )
        .execute();
    }
  },

  /** The same per ad tag (views served by a tag). */
  addTagCounts: async (rows: readonly StatsTagDailyRow[], trx: Executor = db) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('stats_tag_daily')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((conflict) =>
          conflict.columns(['tag_id', 'rule_id', 'day']).doUpdateSet((eb) => ({
            impressions: eb('stats_tag_daily.impressions', '+', eb.ref('excluded.impressions')),
            clicks: eb('stats_tag_daily.clicks', '+', eb.ref('excluded.clicks')),
          })),
        )
        .execute();
    }
  },
});
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
