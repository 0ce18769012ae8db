import type { ApprovalStatus } from '@adstudio/contract';
import { type Insertable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ApprovalLinksTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import type { FingerprintBasis } from './fingerprint';

/** A campaign's approvals, on its live creatives. */
const campaignApprovals = (trx: Executor, companyId: number, campaignId: number) =>
  trx
    .selectFrom('approvals')
    .innerJoin('creatives', 'creatives.id', 'approvals.creative_id')
    .where((eb) => eb.and({ 'approvals.company_id': companyId, 'approvals.campaign_id': campaignId }))
    .where('creatives.deleted_at', 'is', null);

/** What an approval link reaches: its publisher's approvals of its campaign, on live creatives. */
const publisherApprovals = (trx: Executor, companyId: number, campaignId: number, mediaEntityId: number) =>
  campaignApprovals(trx, companyId, campaignId).where('approvals.media_entity_id', '=', mediaEntityId);

/** An approval's verdict, as both the campaign's tab and the publisher's page show it. */
const VERDICT = [
  'approvals.id',
  'approvals.status',
  'approvals.comment',
  'approvals.approver_name',
  'approvals.decided_at',
  'approvals.reset_reason',
  'creatives.id as creative_id',
  'creatives.name as creative_name',
] as const;

/** Publishers' verdicts on creatives; every query is scoped by company. */
export const createApprovalsRepository = (db: Db) => ({
  /** A campaign's approvals of its live creatives, by creative and publisher name. */
  ofCampaign: (companyId: number, campaignId: number, trx: Executor = db) =>
    campaignApprovals(trx, companyId, campaignId)
      .innerJoin('media_entities', 'media_entities.id', 'approvals.media_entity_id')
      .select([
        ...VERDICT,
        'approvals.created_at',
        'approvals.updated_at',
        'media_entities.id as media_entity_id',
        'media_entities.name as media_entity_name',
      ])
      .orderBy(sql`lower(creatives.name)`)
      .orderBy(sql`lower(media_entities.name)`)
      .orderBy('approvals.id')
      .execute(),

  /**
   * How many approvals of live creatives of live campaigns name this publisher, by status: what the
   * campaigns' approvals tab shows (a publisher with any cannot be deleted).
   */
  countsOfPublisher: async (companyId: number, mediaEntityId: number, trx: Executor = db) => {
    const rows = await trx
      .selectFrom('approvals')
      .innerJoin('creatives', 'creatives.id', 'approvals.creative_id')
      .innerJoin('campaigns', 'campaigns.id', 'approvals.campaign_id')
      .where((eb) =>
        eb.and({ 'approvals.company_id': companyId, 'approvals.media_entity_id': mediaEntityId }),
      )
      .where('creatives.deleted_at', 'is', null)
      .where('campaigns.deleted_at', 'is', null)
      .select(['approvals.status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('approvals.status')
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.n)]));
  },

  /** Of these creatives, those that are live creatives of the campaign. */
  creativesOfCampaign: async (
    companyId: number,
    campaignId: number,
    ids: readonly number[],
    trx: Executor = db,
  ) =>
    (
      await trx
        .selectFrom('creatives')
        .select('id')
        .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
        .where('deleted_at', 'is', null)
        .where('id', 'in', ids)
        .execute()
    ).map((row) => row.id),

  /** Of these publishers, the company's live ones, with their names. */
  publishers: (companyId: number, ids: readonly number[], trx: Executor = db) =>
    trx
      .selectFrom('media_entities')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', ids)
      .execute(),

  /** A pending approval for each creative × publisher that has none (a decision already made stands). */
  insertPending: async (
    companyId: number,
    campaignId: number,
    pairs: readonly { creativeId: number; mediaEntityId: number }[],
    trx: Executor = db,
  ) => {
    if (!pairs.length) return;
    const now = nowIso();
    await trx
      .insertInto('approvals')
      .values(
        pairs.map((pair) => ({
          company_id: companyId,
          campaign_id: campaignId,
          creative_id: pair.creativeId,
          media_entity_id: pair.mediaEntityId,
          status: 'pending' as const,
          comment: null,
          decided_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['creative_id', 'media_entity_id']).doNothing())
      .execute();
  },

  /** The campaign's approval links in use (not revoked), with their publishers' names, newest first. */
  links: (companyId: number, campaignId: number, trx: Executor = db) =>
    trx
      .selectFrom('approval_links')
      .innerJoin('media_entities', 'media_entities.id', 'approval_links.media_entity_id')
      .selectAll('approval_links')
      .select('media_entities.name as media_entity_name')
      .where((eb) =>
        eb.and({ 'approval_links.company_id': companyId, 'approval_links.campaign_id': campaignId }),
      )
      .where('approval_links.revoked_at', 'is', null)
      .orderBy('approval_links.created_at', 'desc')
      .orderBy('approval_links.id', 'desc')
      .execute(),

  insertLink: (values: Insertable<ApprovalLinksTable>, trx: Executor = db) =>
    trx.insertInto('approval_links').values(values).returning('id').executeTakeFirstOrThrow(),

  /** Revokes one of the campaign's links; false when it has no such link in use. */
  revokeLink: async (companyId: number, campaignId: number, linkId: number, trx: Executor = db) => {
    const result = await trx
      .updateTable('approval_links')
      .set({ revoked_at: nowIso() })
      .where((eb) => eb.and({ id: linkId, company_id: companyId, campaign_id: campaignId }))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The campaign's approvals that are decided or have a fingerprint: those a change may reset. */
  fingerprinted: (companyId: number, campaignId: number, trx: Executor = db) =>
    trx
      .selectFrom('approvals')
      .select(['id', 'creative_id', 'status', 'fingerprint'])
      .where((eb) => eb.and({ company_id: companyId, campaign_id: campaignId }))
      .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('fingerprint', 'is not', null)]))
      .execute(),

  /** What the fingerprints of these creatives are made of (fingerprint.ts), by creative id. */
  fingerprintBasis: async (companyId: number, creativeIds: readonly number[], trx: Executor = db) => {
    const basis = new Map<number, FingerprintBasis>();
    if (!creativeIds.length) return basis;
    const [creatives, packages, codes] = await Promise.all([
      trx
        .selectFrom('creatives')
        .select(['id', 'fallback_asset_id', 'profile_id', 'rule_filter'])
        .where('company_id', '=', companyId)
        .where('id', 'in', creativeIds)
        .execute(),
      trx
        .selectFrom('packages')
        .select(['creative_id', 'id', 'version'])
        .where('company_id', '=', companyId)
        .where('creative_id', 'in', creativeIds)
        .where('status', '=', 'approved')
        .where('processing', '=', 'ready')
        .where('entry_file', 'is not', null)
        .orderBy('version', 'desc')
        .execute(),
      trx
        .selectFrom('dynamic_codes')
        .select(['creative_id', 'code'])
        .where('company_id', '=', companyId)
        .where('creative_id', 'in', creativeIds)
        .execute(),
    ]);
    const newestPackage = new Map<number, { id: number; version: number }>();
    for (const pkg of packages)
      if (!newestPackage.has(pkg.creative_id)) newestPackage.set(pkg.creative_id, pkg);
    const code = new Map(codes.map((row) => [row.creative_id, row.code]));
    for (const creative of creatives) {
      const pkg = newestPackage.get(creative.id);
      basis.set(creative.id, {
        packageId: pkg?.id ?? null,
        packageVersion: pkg?.version ?? null,
        fallbackAssetId: creative.fallback_asset_id,
        profileId: creative.profile_id,
        ruleFilter: creative.rule_filter,
        dynamicCode: code.get(creative.id) ?? null,
      });
    }
    return basis;
  },

  /** Moves approvals on after a change: fingerprint adopted, or back to pending with the reason. */
  setFingerprint: (
    id: number,
    values: { fingerprint: string; status?: ApprovalStatus; reset_reason?: string },
    trx: Executor = db,
  ) =>
    trx
      .updateTable('approvals')
      .set({ ...values, ...(values.status ? { updated_at: nowIso() } : {}) })
      .where('id', '=', id)
      .execute(),

  /**
   * A publisher's approvals of the campaign on its live creatives: pending ones, or all; by
   * creative name.
   */
  ofPublisher: (
    companyId: number,
    campaignId: number,
    mediaEntityId: number,
    { all, id }: { all: boolean; id?: number },
    trx: Executor = db,
  ) => {
    let query = publisherApprovals(trx, companyId, campaignId, mediaEntityId).select([
      ...VERDICT,
      'creatives.width',
      'creatives.height',
      'creatives.fallback_asset_id',
      'creatives.profile_id',
      'creatives.rule_filter',
    ]);
    if (!all) query = query.where('approvals.status', '=', 'pending');
    if (id !== undefined) query = query.where('approvals.id', '=', id);
    return query.orderBy(sql`lower(creatives.name)`).orderBy('approvals.id').execute();
  },

  /** How many of the publisher's approvals of the campaign (live creatives) there are, by status. */
  publisherCounts: async (
    companyId: number,
    campaignId: number,
    mediaEntityId: number,
    trx: Executor = db,
  ) => {
    const rows = await publisherApprovals(trx, companyId, campaignId, mediaEntityId)
      .select(['approvals.status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('approvals.status')
      .execute();
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  },

  /** Records a publisher's decision on one approval. */
  decide: (
    id: number,
    values: {
      status: ApprovalStatus;
      comment: string | null;
      approver_name: string;
      decided_ip: string;
      fingerprint: string;
    },
    trx: Executor = db,
  ) => {
    const now = nowIso();
    return trx
      .updateTable('approvals')
      .set({ ...values, decided_at: now, reset_reason: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** The campaign and publisher a link names, if both are live. */
  linkScope: (companyId: number, campaignId: number, mediaEntityId: number, trx: Executor = db) =>
    trx
      .selectFrom('campaigns')
      .innerJoin('media_entities', (join) =>
        join.on('media_entities.id', '=', mediaEntityId).on('media_entities.company_id', '=', companyId),
      )
      .select([
        'campaigns.id as campaign_id',
        'campaigns.name as campaign_name',
        'media_entities.id as media_entity_id',
        'media_entities.name as media_entity_name',
      ])
      .where((eb) => eb.and({ 'campaigns.id': campaignId, 'campaigns.company_id': companyId }))
      .where('campaigns.deleted_at', 'is', null)
      .where('media_entities.deleted_at', 'is', null)
      .executeTakeFirst(),
});
export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;
