import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A sum of counters as a number on both engines (PostgreSQL answers bigint sums as strings). */
const sum = (column: 'impressions' | 'clicks') => sql<number | string>`coalesce(sum(${sql.ref(column)}), 0)`;

/** Campaign reports' reads (docs/design.md §9): daily stats of one campaign, always by company. */
export function createReportsRepository(db: Db) {
  /** One campaign's stats rows within days [start, end]: the (company_id, campaign_id, day) index. */
  const statsOf = (companyId: number, campaignId: number, start: string, end: string) =>
    db
      .selectFrom('stats_daily')
      .where((eb) => eb.and({ 'stats_daily.company_id': companyId, 'stats_daily.campaign_id': campaignId }))
      .where('stats_daily.day', '>=', start)
      .where('stats_daily.day', '<=', end);

  return {
    /** The live campaign, with the dates that bound its report. */
    campaign: (companyId: number, id: number) =>
      db
        .selectFrom('campaigns')
        .select(['id', 'name', 'launch_date', 'end_date', 'created_at'])
        .where((eb) => eb.and({ id, company_id: companyId }))
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The first day the campaign has stats for, if any. */
    firstDay: async (companyId: number, campaignId: number) =>
      (
        await db
          .selectFrom('stats_daily')
          .select((eb) => eb.fn.min('day').as('day'))
          .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
          .executeTakeFirst()
      )?.day ?? null,

    /** Impressions and clicks per day with traffic. */
    daily: (companyId: number, campaignId: number, start: string, end: string) =>
      statsOf(companyId, campaignId, start, end)
        .select(['day', sum('impressions').as('impressions'), sum('clicks').as('clicks')])
        .groupBy('day')
        .orderBy('day')
        .execute(),

    /** Impressions and clicks per creative with traffic. */
    byCreative: (companyId: number, campaignId: number, start: string, end: string) =>
      statsOf(companyId, campaignId, start, end)
        .select(['creative_id', sum('impressions').as('impressions'), sum('clicks').as('clicks')])
        .groupBy('creative_id')
        .execute(),

    /** Impressions and clicks per creative and rule, most impressions first, and how many there are. */
    byVariant: async (companyId: number, campaignId: number, start: string, end: string, limit: number) => {
      const groups = statsOf(companyId, campaignId, start, end)
        .select(['creative_id', 'rule_id', sum('impressions').as('impressions'), sum('clicks').as('clicks')])
        .groupBy(['creative_id', 'rule_id']);
      const [rows, total] = await Promise.all([
        groups
          .orderBy(sql`coalesce(sum(impressions), 0)`, 'desc')
          .orderBy('creative_id')
          .orderBy('rule_id')
          .limit(limit)
          .execute(),
        db
          .selectFrom(groups.as('groups'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** The campaign's creatives: the live ones and those named (which may be deleted but had traffic). */
    creatives: (companyId: number, campaignId: number, withIds: readonly number[]) =>
      db
        .selectFrom('creatives')
        .select(['id', 'name', 'width', 'height', 'deleted_at', 'holdout_percent'])
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where((eb) =>
          withIds.length
            ? eb.or([eb('deleted_at', 'is', null), eb('id', 'in', withIds)])
            : eb('deleted_at', 'is', null),
        )
        .execute(),

    /** Impressions and clicks per ad tag with traffic (the tags' daily stats, their rules summed). */
    byTag: (companyId: number, campaignId: number, start: string, end: string) =>
      db
        .selectFrom('stats_tag_daily')
        .select(['tag_id', sum('impressions').as('impressions'), sum('clicks').as('clicks')])
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where('day', '>=', start)
        .where('day', '<=', end)
        .groupBy('tag_id')
        .execute(),

    /**
     * The tags of the campaign's creatives: the live ones of live creatives and those named (which
     * may be revoked, or their creative deleted, but had traffic), with their creative's and
     * publisher's names.
     */
    tags: (companyId: number, campaignId: number, withIds: readonly number[]) =>
      db
        .selectFrom('ad_tags')
        .innerJoin('creatives', 'creatives.id', 'ad_tags.creative_id')
        .leftJoin('media_entities', (join) =>
          join
            .onRef('media_entities.id', '=', 'ad_tags.media_entity_id')
            .on('media_entities.company_id', '=', companyId),
        )
        .select([
          'ad_tags.id',
          'ad_tags.name',
          'ad_tags.creative_id',
          'ad_tags.revoked_at',
          'creatives.name as creative_name',
          'media_entities.name as media_entity_name',
        ])
        .where((eb) =>
          eb.and({
            'ad_tags.company_id': companyId,
            'creatives.company_id': companyId,
            'creatives.campaign_id': campaignId,
          }),
        )
        .where((eb) => {
          const live = eb.and([eb('ad_tags.revoked_at', 'is', null), eb('creatives.deleted_at', 'is', null)]);
          return withIds.length ? eb.or([live, eb('ad_tags.id', 'in', withIds)]) : live;
        })
        .execute(),

    /**
     * The campaign's conversions that occurred within days [start, end], counted and valued per
     * day, creative, rule, tag (0: none) and arm (holdout 1: the static control).
     */
    conversions: (companyId: number, campaignId: number, start: string, end: string) =>
      db
        .selectFrom('conversions')
        .select([
          'day',
          'creative_id',
          'rule_id',
          'tag_id',
          'holdout',
          (eb) => eb.fn.countAll<number | string>().as('conversions'),
          sql<number | string>`coalesce(sum(value), 0)`.as('value'),
        ])
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where('day', '>=', start)
        .where('day', '<=', end)
        .groupBy(['day', 'creative_id', 'rule_id', 'tag_id', 'holdout'])
        .execute(),

    /** The views holdouts served the static control, per creative and tag (0: none), within the days. */
    controlViews: (companyId: number, campaignId: number, start: string, end: string) =>
      db
        .selectFrom('stats_holdout_daily')
        .select(['creative_id', 'tag_id', sum('impressions').as('impressions'), sum('clicks').as('clicks')])
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where('day', '>=', start)
        .where('day', '<=', end)
        .groupBy(['creative_id', 'tag_id'])
        .execute(),

    /** The reporting labels of rules, by id (rules keep their ids across syncs). */
    ruleLabels: (companyId: number, ruleIds: readonly number[]) =>
      ruleIds.length
        ? db
            .selectFrom('profile_rules')
            .select(['id', 'reporting_label', 'unique_id'])
            .where('company_id', '=', companyId)
            .where('id', 'in', ruleIds)
            .execute()
        : Promise.resolve([]),

    /** Creatives of the campaign added after `since`, newest first. */
    creativesAddedSince: (companyId: number, campaignId: number, since: string, limit: number) =>
      db
        .selectFrom('creatives')
        .select(['id', 'name', 'created_at'])
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where('deleted_at', 'is', null)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute(),

    /** Status moves of the campaign and its live creatives after `since`, newest first. */
    statusMovesSince: (companyId: number, campaignId: number, since: string, limit: number) =>
      db
        .selectFrom('audit_log')
        .leftJoin('creatives', (join) =>
          join
            .onRef('creatives.id', '=', 'audit_log.entity_id')
            .on('audit_log.entity_type', '=', 'creative')
            .on('creatives.campaign_id', '=', campaignId)
            .on('creatives.deleted_at', 'is', null),
        )
        .select([
          'audit_log.entity_type',
          'audit_log.changes',
          'audit_log.created_at',
          'creatives.id as creative_id',
          'creatives.name as creative_name',
        ])
        .where('audit_log.company_id', '=', companyId)
        .where('audit_log.action', '=', 'status')
        .where('audit_log.created_at', '>', since)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('audit_log.entity_type', '=', 'campaign'),
              eb('audit_log.entity_id', '=', campaignId),
            ]),
            eb('creatives.id', 'is not', null),
          ]),
        )
        .orderBy('audit_log.created_at', 'desc')
        .limit(limit)
        .execute(),

    /** Publishers' decisions on the campaign's live creatives after `since`, newest first. */
    decisionsSince: (companyId: number, campaignId: number, since: string, limit: number) =>
      db
        .selectFrom('approvals')
        .innerJoin('creatives', 'creatives.id', 'approvals.creative_id')
        .innerJoin('media_entities', 'media_entities.id', 'approvals.media_entity_id')
        .select([
          'approvals.status',
          'approvals.decided_at',
          'creatives.id as creative_id',
          'creatives.name as creative_name',
          'media_entities.name as publisher',
        ])
        .where((eb) => eb.and({ 'approvals.company_id': companyId, 'approvals.campaign_id': campaignId }))
        .where('creatives.deleted_at', 'is', null)
        .where('approvals.status', '!=', 'pending')
        .where('approvals.decided_at', '>', since)
        .orderBy('approvals.decided_at', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
