import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database';

/** A creative's columns that serving reads (its campaign's id null when the campaign is gone). */
const SERVING_COLUMNS = [
  'campaigns.id as campaign_id',
  // The creative's campaign even when deleted: serving listens for its restore.
  'creatives.campaign_id as creative_campaign_id',
  'creatives.status',
  'creatives.width',
  'creatives.height',
  'creatives.profile_id',
  'creatives.rule_filter',
  'creatives.fallback_asset_id',
  'creatives.rotation',
  'creatives.rotation_weight_column',
  'creatives.rotation_goal',
  'creatives.holdout_percent',
] as const;

/**
 * What serving a tag reads. The token is the capability: it names a tag, and everything else is
 * reached through that tag's own rows (its creative, the creative's campaign, approvals and fallback).
 */
export const createAdServingRepository = (db: Db) => ({
  /** The tag a token names, with its creative's serving columns (null when the creative or its campaign is gone). */
  byToken: (token: string, trx: Executor = db) =>
    trx
      .selectFrom('ad_tags')
      .leftJoin('creatives', (join) =>
        join.onRef('creatives.id', '=', 'ad_tags.creative_id').on('creatives.deleted_at', 'is', null),
      )
      .leftJoin('campaigns', (join) =>
        join.onRef('campaigns.id', '=', 'creatives.campaign_id').on('campaigns.deleted_at', 'is', null),
      )
      .select([
        'ad_tags.id',
        'ad_tags.company_id',
        'ad_tags.creative_id',
        'ad_tags.media_entity_id',
        'ad_tags.ad_server',
        'ad_tags.revoked_at',
        ...SERVING_COLUMNS,
      ])
      .where('ad_tags.token', '=', token)
      .executeTakeFirst(),

  /** The company's live creative's serving columns, as `byToken` reads them ("Try it" and the simulator). */
  creative: (companyId: number, creativeId: number, trx: Executor = db) =>
    trx
      .selectFrom('creatives')
      .leftJoin('campaigns', (join) =>
        join.onRef('campaigns.id', '=', 'creatives.campaign_id').on('campaigns.deleted_at', 'is', null),
      )
      .select(SERVING_COLUMNS)
      .where((eb) => eb.and({ 'creatives.company_id': companyId, 'creatives.id': creativeId }))
      .where('creatives.deleted_at', 'is', null)
      .executeTakeFirst(),

  /**
   * What `optimized` rotation learns from: each rule's impressions, clicks and conversions of the
   * creative, all days. The (creative_id, rule_id, day) keys of `stats_daily` and the
   * (creative_id, rule_id) index of `conversions` answer it.
   */
  async figures(creativeId: number, trx: Executor = db) {
    const [views, conversions] = await Promise.all([
      trx
        .selectFrom('stats_daily')
        .select([
          'rule_id',
          sql<number | string>`coalesce(sum(impressions), 0)`.as('impressions'),
          sql<number | string>`coalesce(sum(clicks), 0)`.as('clicks'),
        ])
        .where('creative_id', '=', creativeId)
        .groupBy('rule_id')
        .execute(),
      trx
        .selectFrom('conversions')
        .select(['rule_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('creative_id', '=', creativeId)
        .groupBy('rule_id')
        .execute(),
    ]);
    const figures = new Map<number, { impressions: number; clicks: number; conversions: number }>();
    for (const row of views)
      figures.set(row.rule_id, {
        impressions: Number(row.impressions),
        clicks: Number(row.clicks),
        conversions: 0,
      });
    for (const row of conversions) {
      const known = figures.get(row.rule_id) ?? { impressions: 0, clicks: 0, conversions: 0 };
      known.conversions = Number(row.n);
      figures.set(row.rule_id, known);
    }
    return figures;
  },

  /** The reporting names of a profile's rules ("Try it" lists candidates by them). */
  ruleNames: (profileId: number, ids: readonly number[], trx: Executor = db) =>
    ids.length === 0
      ? Promise.resolve([])
      : trx
          .selectFrom('profile_rules')
          .select(['id', 'unique_id', 'reporting_label'])
          .where('profile_id', '=', profileId)
          .where('id', 'in', [...ids])
          .execute(),

  /** The token of the company's creative's tag (a user's "Try it" names the tag by id). */
  tokenOf: (companyId: number, creativeId: number, tagId: number, trx: Executor = db) =>
    trx
      .selectFrom('ad_tags')
      .select('token')
      .where((eb) => eb.and({ company_id: companyId, creative_id: creativeId, id: tagId }))
      .executeTakeFirst(),

  /**
   * The publisher's verdict on a creative when the campaign asked them for approvals (any approval
   * of the campaign names them); undefined when it did not ask.
   */
  async verdict(campaignId: number, creativeId: number, mediaEntityId: number, trx: Executor = db) {
    const rows = await trx
      .selectFrom('approvals')
      .select(['creative_id', 'status'])
      .where((eb) => eb.and({ campaign_id: campaignId, media_entity_id: mediaEntityId }))
      .execute();
    if (rows.length === 0) return undefined;
    return rows.find((row) => row.creative_id === creativeId)?.status ?? 'pending';
  },

  /** The creative's live fallback image. */
  fallback: (creativeId: number, assetId: number, trx: Executor = db) =>
    trx
      .selectFrom('assets')
      .select(['storage_key', 'content_type', 'width', 'height'])
      .where((eb) => eb.and({ id: assetId, creative_id: creativeId }))
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
});
export type AdServingRepository = ReturnType<typeof createAdServingRepository>;
