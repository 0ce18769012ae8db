import type { Db, Executor } from '../../db/database';

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
        'campaigns.id as campaign_id',
        // The creative's campaign even when deleted: serving listens for its restore.
        'creatives.campaign_id as creative_campaign_id',
        'creatives.status',
        'creatives.width',
        'creatives.height',
        'creatives.profile_id',
        'creatives.rule_filter',
        'creatives.fallback_asset_id',
      ])
      .where('ad_tags.token', '=', token)
      .executeTakeFirst(),

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
