import {
  type BulkResult,
  CAMPAIGN_NAME_MAX,
  type Campaign,
  type CampaignBulk,
  type CampaignCreate,
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
import { created } from '../../lib/audit-changes';
import { runBulk, setOperations } from '../../lib/bulk';
import { copyNameStem, freeCopyName } from '../../lib/copy-name';
import { retryOnUniqueViolation, uniqueRace } from '../../lib/db-errors';
import { planEdit } from '../../lib/edits';
import { groupByField } from '../../lib/field-errors';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { nameKey, type ScopedOptions } from '../../lib/scoped-repository';
import { allowedMoves } from '../../lib/status-moves';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import { basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
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
  const mustFind = async (user: User, id: number, trx?: Executor, deleted = false) => {
    const row = await campaigns.findById(user.company_id, id, trx, { deleted });
    if (!row) throw notFound();
    return row;
  };

  const assertNameFree = async (user: User, name: string, exceptId: number | undefined, trx: Executor) => {
    if (await campaigns.nameTaken(user.company_id, name, { exceptId, trx }))
      throw unprocessable({ name: [NAME_TAKEN] });
  };

  /**
   * Live names are unique per company ignoring case, also as an index (migration 2026-11-27-1300):
   * a write that raced past the check meets the index and answers the check's 422.
   */
  const nameRace = uniqueRace({ index: 'campaigns_live_name_key', field: 'name', message: NAME_TAKEN });

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
      await mustFind(user, id);
    },

    /** Which of these campaigns of the company are soft-deleted (one query). */
    deletedIds: async (companyId: number, ids: readonly number[], trx?: Executor) =>
      new Set((await campaigns.findByIds(companyId, ids, trx, { deleted: true })).map((row) => row.id)),

    async list(user: User, query: CampaignListQuery): Promise<ListPage<Campaign>> {
      const page = await campaigns.list(user.company_id, query);
      return { data: page.data.map((row) => toCampaign(row, user)), meta: page.meta };
    },

    async get(user: User, id: number, include?: 'history'): Promise<Campaign> {
      const campaign = toCampaign(await mustFind(user, id), user);
      if (include !== 'history') return campaign;
      return { ...campaign, history: await audit.history(user, id) };
    },

    create: (user: User, body: CampaignCreate): Promise<Campaign> =>
      transaction(async (trx) => {
        await assertNameFree(user, body.name, undefined, trx);
        const fields: CampaignFields = {
          name: body.name,
          url: body.url ?? null,
          ranges: sortedRanges(body.ranges),
          launch_date: body.launch_date ?? null,
          end_date: body.end_date ?? null,
          status: 'draft',
        };
        const row = await insert(user, fields, trx).catch(nameRace);
        await audit.log(trx, user, { entityId: row.id, action: 'created', changes: created(fields) });
        return toCampaign(row, user);
      }),

    /**
     * Edits fields and/or moves the status (lib/edits: 409, then 403, then 422). Writers may do both;
     * `qa` may only move the status. A status move alone acts on the current row.
     */
    update: (user: User, id: number, body: CampaignUpdate, ifMatch?: string): Promise<Campaign> =>
      transaction(async (trx) => {
        const { status, updated_at, ...edits } = body;
        const basedOn = basedOnOf(updated_at, ifMatch);
        const row = await mustFind(user, id, trx);
        const { after, changes, onlyStatus } = planEdit({
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
        if (Object.keys(changes).length === 0) return toCampaign(row, user);
        if (changes.name) await assertNameFree(user, after.name, id, trx);
        // Guarded by the version just read: a write that commits first changes updated_at, and this
        // UPDATE then matches no row.
        const updated = await campaigns
          .update(
            user.company_id,
            id,
            row.updated_at,
            { ...after, ranges: JSON.stringify(after.ranges), updated_at: nextUpdatedAt(row.updated_at) },
            trx,
          )
          .catch(nameRace);
        if (!updated) throw new HttpError(409, CHANGED_MEANWHILE);
        await audit.log(trx, user, { entityId: id, action: onlyStatus ? 'status' : 'updated', changes });
        return toCampaign(updated, user);
      }),

    /** Soft delete; refused while a creative of the campaign is live. */
    remove: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        await mustFind(user, id, trx);
        if ((await withLiveCreatives(user.company_id, [id], trx)).has(id)) {
          throw new HttpError(422, HAS_LIVE_CREATIVES);
        }
        const at = nowIso();
        await campaigns.softDelete(user.company_id, [id], at, trx);
        await audit.log(trx, user, { entityId: id, action: 'deleted', changes: { deleted_at: [null, at] } });
      }),

    /** Brings a soft-deleted campaign back, unless a live one has taken its name meanwhile. */
    restore: (user: User, id: number): Promise<Campaign> =>
      transaction(async (trx) => {
        const row = await mustFind(user, id, trx, true);
        await assertNameFree(user, row.name, id, trx);
        const at = nextUpdatedAt(row.updated_at);
        await campaigns.restore(user.company_id, [id], at, trx).catch(nameRace);
        await audit.log(trx, user, {
          entityId: id,
          action: 'restored',
          changes: { deleted_at: [row.deleted_at, null] },
        });
        return toCampaign(await mustFind(user, id, trx), user);
      }),

    /**
     * A draft copy under the first free "(copy)" name, with the same url, dates and ranges. A clone
     * racing another to the same copy name (of another source) looks again once that one has committed.
     */
    clone: (user: User, id: number): Promise<Campaign> =>
      retryOnUniqueViolation(() =>
        transaction(async (trx) => {
          // Clones of one source take turns (a row lock on PostgreSQL): each sees the copies before it.
          const [source] = await campaigns.findByIds(user.company_id, [id], trx, { lock: true });
          if (!source) throw notFound();
          const stem = copyNameStem(source.name, CAMPAIGN_NAME_MAX);
          const taken = await campaigns.namesStartingWith(user.company_id, stem, undefined, trx);
          const name = freeCopyName(source.name, taken, CAMPAIGN_NAME_MAX);
          const fields: CampaignFields = { ...fieldsOf(source), name, status: 'draft' };
          const row = await insert(user, fields, trx);
          await audit.log(trx, user, {
            entityId: row.id,
            action: 'created',
            changes: { ...created(fields), cloned_from: [null, source.id] },
          });
          return toCampaign(row, user);
        }),
      ).catch(nameRace),

    /**
     * One action on many campaigns in one transaction, as set operations (lib/bulk). A restore that
     * raced a write taking one of its names runs again, and then refuses that campaign by name.
     */
    async bulk(user: User, body: CampaignBulk): Promise<BulkResult[]> {
      if (body.action !== 'status') assertWriter(user);
      const company = user.company_id;
      const run = () =>
        transaction((trx) =>
          runBulk(
            user,
            body,
            {
              noun: 'campaign',
              section: 'campaigns',
              ...setOperations(campaigns, company, trx),
              log: (entries) => audit.log(trx, user, ...entries),
              refuseDelete: async (rows) => {
                const live = await withLiveCreatives(
                  company,
                  rows.map((row) => row.id),
                  trx,
                );
                return new Map([...live].map((id) => [id, HAS_LIVE_CREATIVES]));
              },
              refuseRestore: async (rows) => {
                const taken = await campaigns.takenNames(company, rows, undefined, trx);
                const refused = new Map<number, string>();
                for (const row of rows) {
                  // A name taken by a live campaign, or by one restored earlier in the same batch.
                  if (taken.has(nameKey(row.name))) refused.set(row.id, NAME_TAKEN);
                  taken.add(nameKey(row.name));
                }
                return refused;
              },
            },
            nowIso(),
          ),
        );
      return retryOnUniqueViolation(run, 2).catch(nameRace);
    },

    async createReportLink(user: User, id: number, body: ReportLinkCreate): Promise<ReportLink> {
      await mustFind(user, id);
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
      await mustFind(user, id);
      return (await campaigns.reportLinks(user.company_id, id)).map(toReportLink);
    },

    async revokeReportLink(user: User, id: number, linkId: number): Promise<void> {
      await mustFind(user, id);
      if (!(await campaigns.revokeReportLink(user.company_id, id, linkId, nowIso()))) throw notFound();
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
