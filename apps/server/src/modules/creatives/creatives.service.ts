import {
  type BulkResult,
  CREATIVE_NAME_MAX,
  type Creative,
  type CreativeBulk,
  type CreativeCreate,
  type CreativeListQuery,
  type CreativeUpdate,
  CSRF_MISMATCH_MESSAGE,
  canAccess,
  type OptimizeGoal,
  type PreviewLink,
  previewLinkPath,
  ROTATION_DEFAULTS,
  type Rotation,
  type RuleFilter,
  type Status,
  type User,
  WEIGHT_COLUMN_NEEDED,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import type { Changes } from '../../lib/audit-changes';
import { isUniqueViolation } from '../../lib/db-errors';
import { planEdit } from '../../lib/edits';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import type { NameScope, ScopedOptions } from '../../lib/scoped-repository';
import { allowedMoves } from '../../lib/status-moves';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import { changedMeanwhile } from '../../lib/versions';
import type { AuditLog } from '../audit';
import { type FallbackCandidate, fallbackProblem } from './creative-fallback';
import type { CreativeRow, CreativesRepository, CreativeView, PreviewLinkRow } from './creatives.repository';

export const NAME_TAKEN = 'The name has already been taken.';
export const CAMPAIGN_NOT_FOUND = 'The selected campaign is invalid.';
export const PROFILE_NOT_FOUND = 'The selected profile is invalid.';
export const IS_LIVE = 'Cannot delete a live creative.';
export const CAMPAIGN_DELETED = 'Restore its campaign first.';
export const CHANGED_MEANWHILE = changedMeanwhile('creative');

/** The fields a user edits, as the API shows them; audit entries compare these. */
interface CreativeFields {
  campaign_id: number;
  name: string;
  width: number;
  height: number;
  click_url: string | null;
  profile_id: number | null;
  rule_filter: RuleFilter | null;
  rotation: Rotation;
  rotation_weight_column: string | null;
  rotation_goal: OptimizeGoal;
  holdout_percent: number;
  click_id_param: string;
  status: Status;
}

const fieldsOf = (row: CreativeRow): CreativeFields => ({
  campaign_id: row.campaign_id,
  name: row.name,
  width: row.width,
  height: row.height,
  click_url: row.click_url,
  profile_id: row.profile_id,
  rule_filter: parseJson<RuleFilter | null>(row.rule_filter, null),
  rotation: row.rotation,
  rotation_weight_column: row.rotation_weight_column,
  rotation_goal: row.rotation_goal,
  holdout_percent: row.holdout_percent,
  click_id_param: row.click_id_param,
  status: row.status,
});

const toColumns = (fields: CreativeFields) => ({
  ...fields,
  rule_filter: fields.rule_filter ? JSON.stringify(fields.rule_filter) : null,
});

const toCreative = (row: CreativeView, user: User): Creative => ({
  id: row.id,
  ...fieldsOf(row),
  campaign: { id: row.campaign_id, name: row.campaign_name, status: row.campaign_status },
  fallback_asset_id: row.fallback_asset_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
  allowed_statuses: row.deleted_at ? [] : allowedMoves(user, 'creatives', row.status),
});

/** What the creatives slice needs to know of campaigns and profiles (their slices answer it). */
export interface CreativeRefs {
  /** The company's campaign, live or soft-deleted; undefined when it has none with this id. */
  campaign(companyId: number, id: number, trx: Executor): Promise<{ deleted_at: string | null } | undefined>;
  /** Which of these campaigns are soft-deleted (one query). */
  deletedCampaigns(companyId: number, ids: readonly number[], trx: Executor): Promise<Set<number>>;
  profileExists(companyId: number, id: number, trx: Executor): Promise<boolean>;
  /** The company's asset, live or soft-deleted; undefined when it has none with this id. */
  asset(companyId: number, id: number, trx: Executor): Promise<FallbackCandidate | undefined>;
  /** Why the creative may not go live yet (the company's QA gate), or undefined when it may. */
  liveRefusal(companyId: number, id: number): Promise<string | undefined>;
}

interface Deps {
  creatives: CreativesRepository;
  refs: CreativeRefs;
  audit: AuditLog;
  transaction: Transactor;
  /** Where the SPA lives: preview links are its token pages. */
  spaUrl: string;
}

/** A creative's name is unique among the live creatives of its campaign. */
const inCampaign = (fields: { campaign_id: number }): NameScope => ({
  column: 'campaign_id',
  value: fields.campaign_id,
});

export function createCreativesService({ creatives, refs, audit, transaction, spaUrl }: Deps) {
  /**
   * Live names are unique per campaign ignoring case, also as an index (migration 2026-11-27-1300):
   * a write that raced past the check meets the index and answers the check's 422.
   */
  const base = resourceService({
    noun: 'creative',
    repository: creatives,
    audit,
    transaction,
    name: {
      index: 'creatives_live_name_key',
      message: NAME_TAKEN,
      max: CREATIVE_NAME_MAX,
      scope: inCampaign,
    },
    bulk: { section: 'creatives', repository: creatives },
  });

  const view = async (user: User, id: number, trx?: Executor) => {
    const row = await creatives.findView(user.company_id, id, trx);
    if (!row) throw notFound();
    return toCreative(row, user);
  };

  const assertWriter = (user: User) => {
    if (!canAccess(user, 'creatives', 'write')) throw forbidden();
  };

  /**
   * The rules that need the database: a live campaign and a profile of the company, a free name in
   * the campaign; all in one 422 (so creates and edits tell the base the name is checked).
   */
  const checkRefs = async (
    user: User,
    fields: CreativeFields,
    changed: Partial<Record<keyof CreativeFields, unknown>>,
    exceptId: number | undefined,
    trx: Executor,
  ) => {
    const errors: Record<string, string[]> = {};
    if (changed.campaign_id) {
      const campaign = await refs.campaign(user.company_id, fields.campaign_id, trx);
      if (!campaign || campaign.deleted_at) errors.campaign_id = [CAMPAIGN_NOT_FOUND];
    }
    if (changed.profile_id && fields.profile_id !== null) {
      if (!(await refs.profileExists(user.company_id, fields.profile_id, trx)))
        errors.profile_id = [PROFILE_NOT_FOUND];
    }
    if (fields.rotation === 'weighted' && !fields.rotation_weight_column)
      errors.rotation_weight_column = [WEIGHT_COLUMN_NEEDED];
    if ((changed.name || changed.campaign_id) && !errors.campaign_id) {
      const scope = inCampaign(fields);
      if (await creatives.nameTaken(user.company_id, fields.name, { exceptId, scope, trx }))
        errors.name = [NAME_TAKEN];
    }
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  };

  const insert = async (user: User, fields: CreativeFields, trx: Executor) => {
    const now = nowIso();
    return creatives.insert(
      {
        ...toColumns(fields),
        company_id: user.company_id,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
  };

  return {
    /** The company's creative (live unless asked otherwise), for other areas; undefined without one. */
    find: (companyId: number, id: number, trx?: Executor, options?: ScopedOptions) =>
      creatives.findById(companyId, id, trx, options),

    /** Which of these campaigns have a live creative (a campaign with one cannot be deleted). */
    campaignsWithLive: (companyId: number, campaignIds: readonly number[], trx: Executor) =>
      creatives.campaignsWithLive(companyId, campaignIds, trx),

    /**
     * Clears the fallback of the company's creatives that use one of these assets (deleted ones);
     * answers those creatives with the fallback they had.
     */
    clearFallbacks: (companyId: number, assetIds: readonly number[], trx: Executor) =>
      creatives.clearFallbacks(companyId, assetIds, trx),

    /** A campaign's live creatives (id, name, size), by name: whose tags the campaign's Tags tab lists. */
    ofCampaign: (companyId: number, campaignId: number, trx?: Executor) =>
      creatives.ofCampaign(companyId, campaignId, trx),

    /** The live creatives a profile drives, by name, with their rule filter (a rule's "used by"). */
    usingProfile: (companyId: number, profileId: number, trx?: Executor) =>
      creatives.usingProfile(companyId, profileId, trx),

    async list(user: User, query: CreativeListQuery): Promise<ListPage<Creative>> {
      const page = await creatives.list(user.company_id, query);
      return { data: page.data.map((row) => toCreative(row, user)), meta: page.meta };
    },

    async get(user: User, id: number, { include }: { include?: 'history' } = {}): Promise<Creative> {
      const creative = await view(user, id);
      if (include !== 'history') return creative;
      return { ...creative, history: await audit.history(user, id) };
    },

    create: (user: User, body: CreativeCreate): Promise<Creative> =>
      transaction(async (trx) => {
        const fields: CreativeFields = {
          campaign_id: body.campaign_id,
          name: body.name,
          width: body.width,
          height: body.height,
          click_url: body.click_url ?? null,
          profile_id: body.profile_id ?? null,
          rule_filter: body.rule_filter ?? null,
          rotation: body.rotation ?? ROTATION_DEFAULTS.rotation,
          rotation_weight_column: body.rotation_weight_column ?? ROTATION_DEFAULTS.rotation_weight_column,
          rotation_goal: body.rotation_goal ?? ROTATION_DEFAULTS.rotation_goal,
          holdout_percent: body.holdout_percent ?? ROTATION_DEFAULTS.holdout_percent,
          click_id_param: body.click_id_param ?? ROTATION_DEFAULTS.click_id_param,
          status: 'draft',
        };
        await checkRefs(user, fields, { campaign_id: 1, profile_id: 1, name: 1 }, undefined, trx);
        const write = () => insert(user, fields, trx);
        const { id } = await base.insert(user, fields, write, trx, { checked: true });
        return view(user, id, trx);
      }),

    /** Edits fields and/or moves the status, by the same rules as campaigns (lib/edits). */
    update: async (user: User, id: number, body: CreativeUpdate, ifMatch?: string): Promise<Creative> => {
      const { status, updated_at, ...edits } = body;
      // The QA gate reads the creative's whole feed: asked before the write's transaction, not in it.
      const gate = status === 'live' ? await refs.liveRefusal(user.company_id, id) : undefined;
      return base.update(user, id, updated_at, ifMatch, {
        plan: (row, basedOn) => {
          const before = fieldsOf(row);
          const plan = planEdit({
            user,
            section: 'creatives',
            noun: 'creative',
            before,
            version: row.updated_at,
            edits,
            status,
            basedOn,
          });
          return { ...plan, values: toColumns(plan.after), checked: true };
        },
        check: async ({ after, changes }, row, trx) => {
          await checkRefs(user, after, changes, id, trx);
          if (changes.status && after.status === 'live' && row.status !== 'live' && gate)
            throw unprocessable({ status: [gate] });
        },
        view: (_row, trx) => view(user, id, trx),
      });
    },

    /** Soft delete; a live creative must first be moved out of live. */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        refuse: (row) => {
          if (row.status === 'live') throw new HttpError(422, IS_LIVE);
        },
      }),

    /** Brings a soft-deleted creative back: its campaign must be live and its name still free there. */
    restore: (user: User, id: number): Promise<Creative> =>
      base.restore(
        user,
        id,
        (row, trx) => view(user, row.id, trx),
        async (row, trx) => {
          const campaign = await refs.campaign(user.company_id, row.campaign_id, trx);
          if (!campaign || campaign.deleted_at) throw unprocessable({ campaign_id: [CAMPAIGN_DELETED] });
        },
      ),

    /** A draft copy in the same campaign under the first free "(copy)" name there (lib/resource). */
    clone: (user: User, id: number): Promise<Creative> =>
      base.clone(
        user,
        id,
        async (source, name, trx) => {
          const fields: CreativeFields = { ...fieldsOf(source), name, status: 'draft' };
          return { id: (await insert(user, fields, trx)).id, fields };
        },
        (copyId, trx) => view(user, copyId, trx),
      ),

    /**
     * Sets the creative's fallback (backup image) to one of its image assets of exactly its size: a
     * creative edit, audited. Anything else is refused with the reason (422).
     */
    fallback: (user: User, id: number, assetId: number): Promise<Creative> =>
      transaction(async (trx) => {
        const row = await base.find(user, id, trx);
        const asset = await refs.asset(user.company_id, assetId, trx);
        if (!asset) throw notFound();
        const problem = fallbackProblem(row, asset);
        if (problem) throw unprocessable({ fallback_asset_id: [problem] });
        if (row.fallback_asset_id === assetId) return view(user, id, trx);
        const changes: Changes = { fallback_asset_id: [row.fallback_asset_id, assetId] };
        await base.edit(user, row, { values: { fallback_asset_id: assetId }, changes }, trx);
        return view(user, id, trx);
      }),

    /**
     * The creative's preview link: the one in use, or a new one (256-bit token) when it has none.
     * Creating one publishes the creative to outsiders: it needs `edit creatives` (a reader sees only a
     * link that exists) and, being a state change, what any write needs (`mayCreate`: the session's
     * XSRF header, or a token's write ability); reading one does not.
     */
    async previewLink(
      user: User,
      id: number,
      { mayCreate }: { mayCreate: () => boolean },
    ): Promise<PreviewLink> {
      await base.find(user, id);
      const toLink = (row: PreviewLinkRow): PreviewLink => ({
        id: row.id,
        url: `${spaUrl}${previewLinkPath(row.token)}`,
        created_at: row.created_at,
        last_viewed_at: row.last_viewed_at,
        views: row.view_count,
      });
      const existing = await creatives.previewLink(user.company_id, id);
      const now = nowIso();
      if (existing && (!existing.expires_at || existing.expires_at > now)) return toLink(existing);
      assertWriter(user);
      if (!mayCreate()) throw new HttpError(419, CSRF_MISMATCH_MESSAGE);
      try {
        return toLink(
          await transaction(async (trx) => {
            // An expired link gives way to the new one.
            if (existing) await creatives.revokePreviewLink(existing.id, now, trx);
            return creatives.insertPreviewLink(
              {
                company_id: user.company_id,
                creative_id: id,
                token: randomToken(),
                expires_at: null,
                revoked_at: null,
                created_by: user.id,
                created_at: now,
              },
              trx,
            );
          }),
        );
      } catch (error) {
        // Another request created it first: that one is the creative's link.
        const made = isUniqueViolation(error) ? await creatives.previewLink(user.company_id, id) : undefined;
        if (!made) throw error;
        return toLink(made);
      }
    },

    /**
     * One action on many creatives in one transaction, as set operations (lib/bulk). A restore that
     * raced a write taking one of its names runs again, and then refuses that creative by name.
     */
    async bulk(user: User, body: CreativeBulk): Promise<BulkResult[]> {
      if (body.action !== 'status') assertWriter(user);
      // The QA gate of each creative going live, asked before the transaction (see update).
      const gates = new Map<number, [number, string][]>();
      if (body.action === 'status' && body.status === 'live')
        for (const id of new Set(body.ids)) {
          const refusal = await refs.liveRefusal(user.company_id, id);
          if (refusal) gates.set(id, [[id, refusal]]);
        }
      return base.bulk(user, body, {
        delete: async (rows) =>
          new Map(rows.filter((row) => row.status === 'live').map((row) => [row.id, IS_LIVE])),
        status: async (rows) => new Map(rows.flatMap((row) => gates.get(row.id) ?? [])),
        // A creative of a deleted campaign comes back with its campaign (its name is not checked).
        restore: async (rows, trx) => {
          const deleted = await refs.deletedCampaigns(
            user.company_id,
            [...new Set(rows.map((row) => row.campaign_id))],
            trx,
          );
          return new Map(
            rows.filter((row) => deleted.has(row.campaign_id)).map((row) => [row.id, CAMPAIGN_DELETED]),
          );
        },
      });
    },
  };
}
export type CreativesService = ReturnType<typeof createCreativesService>;
