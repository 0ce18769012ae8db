import {
  type BulkResult,
  CAMPAIGN_NAME_MAX,
  type Campaign,
  type CampaignBulk,
  type CampaignCreate,
  type CampaignIncludeQuery,
  type CampaignListQuery,
  type CampaignUpdate,
  campaignDateIssues,
  canAccess,
  type DateRange,
  type FieldIssue,
  type ReportLink,
  type ReportLinkCreate,
  reportLinkPath,
  type Status,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { planEdit } from '../../lib/edits';
import { groupByField } from '../../lib/field-errors';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import type { ScopedOptions } from '../../lib/scoped-repository';
import { allowedMoves } from '../../lib/status-moves';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import { changedMeanwhile } from '../../lib/versions';
import type { AuditLog } from '../audit';
import type { CampaignRow, CampaignsRepository, ReportLinkRow } from './campaigns.repository';

export const NAME_TAKEN = 'The name has already been taken.';
export const HAS_LIVE_CREATIVES = 'Cannot delete a campaign while it has live creatives.';
export const CHANGED_MEANWHILE = changedMeanwhile('campaign');

/** The fields a user edits, as the API shows them; audit entries compare these. */
interface CampaignFields {
  name: string;
  url: string | null;
  ranges: DateRange[];
  launch_date: string | null;
  end_date: string | null;
  status: Status;
}

const fieldsOf = (row: CampaignRow): CampaignFields => ({
  name: row.name,
  url: row.url,
  ranges: parseJson<DateRange[]>(row.ranges, []),
  launch_date: row.launch_date,
  end_date: row.end_date,
  status: row.status,
});

const toCampaign = (row: CampaignRow, user: User): Campaign => ({
  id: row.id,
  ...fieldsOf(row),
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
  allowed_statuses: row.deleted_at ? [] : allowedMoves(user, 'campaigns', row.status),
});

const toReportLink = (row: ReportLinkRow): ReportLink => ({
  id: row.id,
  token: row.token,
  url: reportLinkPath(row.token),
  start: row.start_date,
  end: row.end_date,
  expires_at: row.expires_at,
  created_at: row.created_at,
  last_viewed_at: row.last_viewed_at,
  views: row.view_count,
});

/** Cross-field issues in the 422 shape: `{'ranges.1.start': [message]}`. */
const fieldErrors = (issues: FieldIssue[]) =>
  groupByField(issues.map(({ path, message }) => ({ field: path.join('.'), message })));

/** Ranges sorted by start, so the stored order does not depend on how the form listed them. */
const sortedRanges = (ranges: readonly DateRange[]) =>
  [...ranges].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));

interface Deps {
  campaigns: CampaignsRepository;
  /** Which of these campaigns have a live creative (asked of the creatives slice). */
  withLiveCreatives: (
    companyId: number,
    campaignIds: readonly number[],
    trx: Executor,
  ) => Promise<Set<number>>;
  audit: AuditLog;
  transaction: Transactor;
}

export function createCampaignsService({ campaigns, withLiveCreatives, audit, transaction }: Deps) {
  /**
   * Live names are unique per company ignoring case, also as an index (migration 2026-11-27-1300):
   * a write that raced past the check meets the index and answers the check's 422.
   */
  const base = resourceService({
    noun: 'campaign',
    repository: campaigns,
    audit,
    transaction,
    name: { index: 'campaigns_live_name_key', message: NAME_TAKEN, max: CAMPAIGN_NAME_MAX },
    bulk: { section: 'campaigns', repository: campaigns },
  });

  const insert = (user: User, fields: CampaignFields, trx: Executor) => {
    const now = nowIso();
    return campaigns.insert(
      {
        ...fields,
        ranges: JSON.stringify(fields.ranges),
        company_id: user.company_id,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
  };

  const assertWriter = (user: User) => {
    if (!canAccess(user, 'campaigns', 'write')) throw forbidden();
  };

  return {
    /** The company's campaign (live unless asked otherwise), for other areas; undefined without one. */
    find: (companyId: number, id: number, trx?: Executor, options?: ScopedOptions) =>
      campaigns.findById(companyId, id, trx, options),

    /** 404 unless the user's company has this live campaign (what hangs off a campaign checks it first). */
    async assertVisible(user: User, id: number): Promise<void> {
      await base.find(user, id);
    },

    /** Which of these campaigns of the company are soft-deleted (one query). */
    deletedIds: async (companyId: number, ids: readonly number[], trx?: Executor) =>
      new Set((await campaigns.findByIds(companyId, ids, trx, { deleted: true })).map((row) => row.id)),

    async list(user: User, query: CampaignListQuery): Promise<ListPage<Campaign>> {
      const page = await campaigns.list(user.company_id, query);
      return { data: page.data.map((row) => toCampaign(row, user)), meta: page.meta };
    },

    async get(user: User, id: number, { include }: CampaignIncludeQuery = {}): Promise<Campaign> {
      const campaign = toCampaign(await base.find(user, id), user);
      if (include !== 'history') return campaign;
      return { ...campaign, history: await audit.history(user, id) };
    },

    create: (user: User, body: CampaignCreate): Promise<Campaign> =>
      transaction(async (trx) => {
        const fields: CampaignFields = {
          name: body.name,
          url: body.url ?? null,
          ranges: sortedRanges(body.ranges),
          launch_date: body.launch_date ?? null,
          end_date: body.end_date ?? null,
          status: 'draft',
        };
        return toCampaign(await base.insert(user, fields, () => insert(user, fields, trx), trx), user);
      }),

    /**
     * Edits fields and/or moves the status (lib/edits: 409, then 403, then 422). Writers may do both;
     * `qa` may only move the status. A status move alone acts on the current row.
     */
    update: (user: User, id: number, body: CampaignUpdate, ifMatch?: string): Promise<Campaign> => {
      const { status, updated_at, ...edits } = body;
      return base.update(user, id, updated_at, ifMatch, {
        plan: (row, basedOn) => {
          const plan = planEdit({
            user,
            section: 'campaigns',
            noun: 'campaign',
            before: fieldsOf(row),
            version: row.updated_at,
            edits: { ...edits, ranges: edits.ranges && sortedRanges(edits.ranges) },
            status,
            basedOn,
            fieldErrors: (merged) => fieldErrors(campaignDateIssues(merged)),
          });
          return { ...plan, values: { ...plan.after, ranges: JSON.stringify(plan.after.ranges) } };
        },
        view: (row) => toCampaign(row, user),
      });
    },

    /** Soft delete; refused while a creative of the campaign is live. */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        async refuse(_row, trx) {
          if ((await withLiveCreatives(user.company_id, [id], trx)).has(id))
            throw new HttpError(422, HAS_LIVE_CREATIVES);
        },
      }),

    /** Brings a soft-deleted campaign back, unless a live one has taken its name meanwhile. */
    restore: (user: User, id: number): Promise<Campaign> =>
      base.restore(user, id, (row) => toCampaign(row, user)),

    /** A draft copy under the first free "(copy)" name (lib/resource), with the same url, dates and ranges. */
    clone: (user: User, id: number): Promise<Campaign> =>
      base.clone(
        user,
        id,
        async (source, name, trx) => {
          const fields: CampaignFields = { ...fieldsOf(source), name, status: 'draft' };
          const row = await insert(user, fields, trx);
          return { id: row.id, fields, row };
        },
        (_id, _trx, { row }) => toCampaign(row, user),
      ),

    /**
     * One action on many campaigns in one transaction, as set operations (lib/bulk). A restore that
     * raced a write taking one of its names runs again, and then refuses that campaign by name.
     */
    async bulk(user: User, body: CampaignBulk): Promise<BulkResult[]> {
      if (body.action !== 'status') assertWriter(user);
      return base.bulk(user, body, {
        delete: async (rows, trx) => {
          const live = await withLiveCreatives(
            user.company_id,
            rows.map((row) => row.id),
            trx,
          );
          return new Map([...live].map((id) => [id, HAS_LIVE_CREATIVES]));
        },
      });
    },

    async createReportLink(user: User, id: number, body: ReportLinkCreate): Promise<ReportLink> {
      await base.find(user, id);
      const row = await campaigns.insertReportLink({
        company_id: user.company_id,
        campaign_id: id,
        token: randomToken(),
        start_date: body.start ?? null,
        end_date: body.end ?? null,
        expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
        created_by: user.id,
        created_at: nowIso(),
      });
      return toReportLink(row);
    },

    async reportLinks(user: User, id: number): Promise<ReportLink[]> {
      await base.find(user, id);
      return (await campaigns.reportLinks(user.company_id, id)).map(toReportLink);
    },

    async revokeReportLink(user: User, id: number, linkId: number): Promise<void> {
      await base.find(user, id);
      if (!(await campaigns.revokeReportLink(user.company_id, id, linkId, nowIso()))) throw notFound();
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
