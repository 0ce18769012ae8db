import {
  type BulkResult,
  type Campaign,
  type CampaignApproval,
  type CampaignBulk,
  type CampaignCreate,
  type CampaignCreative,
  type CampaignListQuery,
  type CampaignUpdate,
  campaignDateIssues,
  canAccess,
  type DateRange,
  type FieldIssue,
  ifMatchValue,
  type ReportLink,
  type ReportLinkCreate,
  reportLinkPath,
  type Status,
  UPDATED_AT_REQUIRED,
  UpdatedAtSchema,
  type User,
} from '@adstudio/contract';
import { isUniqueViolation } from '../../lib/db-errors';
import { groupByField } from '../../lib/field-errors';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { allowedMoves, checkMove } from '../../lib/status-moves';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { Executor, Transactor } from '../../lib/transaction';
import type { AuditRecord, AuditRepository } from '../audit/audit.repository';
import { created, diff } from '../audit/audit-changes';
import type { CampaignRow, CampaignsRepository, ReportLinkRow } from './campaigns.repository';
import { copyNameStem, freeCopyName } from './copy-name';

const ENTITY = 'campaign';
export const NAME_TAKEN = 'The name has already been taken.';
export const HAS_LIVE_CREATIVES = 'Cannot delete a campaign while it has live creatives.';
export const QA_STATUS_ONLY = 'You may only change the status of this campaign.';
export const CHANGED_MEANWHILE =
  'This campaign was changed by someone else meanwhile. Reload it and try again.';

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
  status: row.status as Status,
});

const toCampaign = (row: CampaignRow, user: User): Campaign => ({
  id: row.id,
  ...fieldsOf(row),
  created_at: row.created_at,
  updated_at: row.updated_at,
  allowed_statuses: allowedMoves(user, 'campaigns', row.status as Status),
});

const toReportLink = (row: ReportLinkRow): ReportLink => ({
  id: row.id,
  token: row.token,
  url: reportLinkPath(row.token),
  start: row.start_date,
  end: row.end_date,
  expires_at: row.expires_at,
  created_at: row.created_at,
});

/** Cross-field issues in the 422 shape: `{'ranges.1.start': [message]}`. */
const fieldErrors = (issues: FieldIssue[]) =>
  groupByField(issues.map(({ path, message }) => ({ field: path.join('.'), message })));

/**
 * The `updated_at` of a write: now, or 1 ms past the previous value when the clock has not moved on
 * (two writes in one millisecond), so every write makes a new version and a stale one never matches.
 */
export const nextUpdatedAt = (previous: string, now = nowIso()): string => {
  const floor = Date.parse(previous) + 1;
  return Date.parse(now) >= floor ? now : new Date(floor).toISOString();
};

/** The version a field edit was based on (body field, else `If-Match`); 422 when it is no timestamp. */
const basedOnOf = (bodyValue: string | undefined, ifMatch: string | undefined): string | undefined => {
  const value = bodyValue ?? ifMatchValue(ifMatch);
  if (value === undefined) return undefined;
  const parsed = UpdatedAtSchema.safeParse(value);
  if (!parsed.success) throw unprocessable({ updated_at: parsed.error.issues.map((i) => i.message) });
  return value;
};

/** Ranges sorted by start, so the stored order does not depend on how the form listed them. */
const sortedRanges = (ranges: readonly DateRange[]) =>
  [...ranges].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));

interface Deps {
  campaigns: CampaignsRepository;
  audit: AuditRepository;
  transaction: Transactor;
}

export function createCampaignsService({ campaigns, audit, transaction }: Deps) {
  const mustFind = async (user: User, id: number, trx?: Executor) => {
    const row = await campaigns.findById(user.company_id, id, trx);
    if (!row) throw notFound();
    return row;
  };

  const log = (
    trx: Executor,
    user: User,
    entityId: number,
    action: AuditRecord['action'],
    changes: AuditRecord['changes'],
  ) =>
    audit.record(trx, {
      companyId: user.company_id,
      userId: user.id,
      entityType: ENTITY,
      entityId,
      action,
      changes,
    });

  const assertNameFree = async (user: User, name: string, exceptId: number | undefined, trx: Executor) => {
    if (await campaigns.nameTaken(user.company_id, name, exceptId, trx))
      throw unprocessable({ name: [NAME_TAKEN] });
  };

  /** A unique index that refused a racing write becomes the same 422 as the check before it. */
  const nameRace = (error: unknown): never => {
    throw isUniqueViolation(error) ? unprocessable({ name: [NAME_TAKEN] }) : error;
  };

  const insert = (user: User, fields: CampaignFields, trx: Executor) => {
    const now = nowIso();
    return campaigns
      .insert(
        {
          ...fields,
          ranges: JSON.stringify(fields.ranges),
          company_id: user.company_id,
          created_by: user.id,
          created_at: now,
          updated_at: now,
        },
        trx,
      )
      .catch(nameRace);
  };

  const assertWriter = (user: User, message?: string) => {
    if (!canAccess(user, 'campaigns', 'write')) throw forbidden(message);
  };

  return {
    async list(user: User, query: CampaignListQuery): Promise<ListPage<Campaign>> {
      const page = await campaigns.list(user.company_id, query);
      return { data: page.data.map((row) => toCampaign(row, user)), meta: page.meta };
    },

    async get(user: User, id: number, include?: 'history'): Promise<Campaign> {
      const campaign = toCampaign(await mustFind(user, id), user);
      if (include !== 'history') return campaign;
      const history = await audit.history({ companyId: user.company_id, entityType: ENTITY, entityId: id });
      return { ...campaign, history };
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
        const row = await insert(user, fields, trx);
        await log(trx, user, row.id, 'created', created(fields));
        return toCampaign(row, user);
      }),

    /**
     * Edits fields and/or moves the status. Writers may do both; `qa` may only move the status (any
     * other field that actually changes is refused), and only along the moves `allowedMoves` gives.
     * A field edit must be based on the current version (`updated_at` in the body or `If-Match`):
     * 409 when the row changed since, 422 without it. A status move alone acts on the current row.
     */
    update: (user: User, id: number, body: CampaignUpdate, ifMatch?: string): Promise<Campaign> =>
      transaction(async (trx) => {
        const { status, updated_at, ...edits } = body;
        const basedOn = basedOnOf(updated_at, ifMatch);
        const row = await mustFind(user, id, trx);
        const before = fieldsOf(row);
        const after: CampaignFields = {
          ...before,
          ...(Object.fromEntries(
            Object.entries(edits).filter(([, v]) => v !== undefined),
          ) as Partial<CampaignFields>),
          ...(edits.ranges ? { ranges: sortedRanges(edits.ranges) } : {}),
        };
        const fieldChanges = diff(before, after);
        const editsFields = Object.keys(fieldChanges).length > 0;
        if (editsFields) {
          // Compared as instants: `…:00Z` and `…:00.000Z` are the same version.
          if (basedOn !== undefined && Date.parse(basedOn) !== Date.parse(row.updated_at)) {
            throw new HttpError(409, CHANGED_MEANWHILE);
          }
          assertWriter(user, QA_STATUS_ONLY);
        }
        const errors = {
          ...(editsFields && basedOn === undefined ? { updated_at: [UPDATED_AT_REQUIRED] } : {}),
          ...fieldErrors(campaignDateIssues(after)),
        };
        if (Object.keys(errors).length > 0) throw unprocessable(errors);
        if (fieldChanges.name) await assertNameFree(user, after.name, id, trx);
        if (status !== undefined && status !== before.status) {
          const move = checkMove(user, 'campaigns', before.status, status);
          if (!move.ok && move.reason === 'not-permitted') throw forbidden(move.message);
          if (!move.ok) throw unprocessable({ status: [move.message] }, move.message);
          after.status = status;
        }

        const changes = diff(before, after);
        if (Object.keys(changes).length === 0) return toCampaign(row, user);
        // Guarded by the version just read, which a field edit has checked is the one it was based
        // on: a write that commits first changes updated_at, and this UPDATE then matches no row
        // (PostgreSQL re-checks the condition after waiting for the row lock; SQLite runs one
        // transaction at a time).
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
        const onlyStatus = Object.keys(changes).length === 1 && changes.status !== undefined;
        await log(trx, user, id, onlyStatus ? 'status' : 'updated', changes);
        return toCampaign(updated, user);
      }),

    /** Soft delete; refused while a creative of the campaign is live. */
    remove: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        const row = await mustFind(user, id, trx);
        if ((await campaigns.withLiveCreatives(user.company_id, [id], trx)).has(id)) {
          throw new HttpError(422, HAS_LIVE_CREATIVES);
        }
        const at = nowIso();
        await campaigns.softDelete(user.company_id, [id], at, trx);
        await log(trx, user, id, 'deleted', { deleted_at: [row.deleted_at, at] });
      }),

    /** A draft copy under the first free "(copy)" name, with the same url, dates and ranges. */
    clone: (user: User, id: number): Promise<Campaign> =>
      transaction(async (trx) => {
        const source = await mustFind(user, id, trx);
        const taken = await campaigns.namesStartingWith(user.company_id, copyNameStem(source.name), trx);
        const name = freeCopyName(source.name, taken);
        const fields: CampaignFields = { ...fieldsOf(source), name, status: 'draft' };
        const row = await insert(user, fields, trx);
        await log(trx, user, row.id, 'created', { ...created(fields), cloned_from: [null, source.id] });
        return toCampaign(row, user);
      }),

    /**
     * Applies one action to many campaigns in one transaction. Each item answers what happened;
     * refused items (not found, a move not allowed, live creatives) change nothing.
     */
    async bulk(user: User, body: CampaignBulk): Promise<BulkResult[]> {
      if (body.action === 'delete') assertWriter(user);
      const ids = [...new Set(body.ids)];
      return transaction(async (trx) => {
        const rows = new Map(
          (await campaigns.findByIds(user.company_id, ids, trx)).map((row) => [row.id, row]),
        );
        const live =
          body.action === 'delete'
            ? await campaigns.withLiveCreatives(user.company_id, ids, trx)
            : new Set<number>();
        const at = nowIso();
        const results: BulkResult[] = [];
        for (const id of ids) {
          const row = rows.get(id);
          if (!row) {
            results.push({ id, ok: false, message: 'Cannot find this campaign.' });
          } else if (body.action === 'delete') {
            if (live.has(id)) {
              results.push({ id, ok: false, message: HAS_LIVE_CREATIVES });
              continue;
            }
            await campaigns.softDelete(user.company_id, [id], at, trx);
            await log(trx, user, id, 'deleted', { deleted_at: [null, at] });
            results.push({ id, ok: true });
          } else {
            const from = row.status as Status;
            if (from === body.status) {
              results.push({ id, ok: true, message: `Already ${from}.` });
              continue;
            }
            const move = checkMove(user, 'campaigns', from, body.status);
            if (!move.ok) {
              results.push({ id, ok: false, message: move.message });
              continue;
            }
            const updated = await campaigns.update(
              user.company_id,
              id,
              row.updated_at,
              { status: body.status, updated_at: nextUpdatedAt(row.updated_at, at) },
              trx,
            );
            if (!updated) {
              results.push({ id, ok: false, message: CHANGED_MEANWHILE });
              continue;
            }
            await log(trx, user, id, 'status', { status: [from, body.status] });
            results.push({ id, ok: true });
          }
        }
        return results;
      });
    },

    async creatives(user: User, id: number): Promise<CampaignCreative[]> {
      await mustFind(user, id);
      const rows = await campaigns.creatives(user.company_id, id);
      return rows.map((row) => ({ ...row, status: row.status as Status }));
    },

    async approvals(user: User, id: number): Promise<CampaignApproval[]> {
      await mustFind(user, id);
      const rows = await campaigns.approvals(user.company_id, id);
      return rows.map((row) => ({
        id: row.id,
        status: row.status as CampaignApproval['status'],
        comment: row.comment,
        decided_at: row.decided_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        creative: { id: row.creative_id, name: row.creative_name },
        media_entity: { id: row.media_entity_id, name: row.media_entity_name },
      }));
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
