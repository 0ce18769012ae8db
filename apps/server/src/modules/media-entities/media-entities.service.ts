import {
  type ApprovalStatus,
  MEDIA_ENTITY_DOMAIN_TAKEN,
  MEDIA_ENTITY_NAME_TAKEN,
  type MediaEntity,
  type MediaEntityCreate,
  type MediaEntityListQuery,
  type MediaEntityUpdate,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { created, diff } from '../../lib/audit-changes';
import { uniqueRace } from '../../lib/db-errors';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { ListPage } from '../../lib/list';
import { nowIso } from '../../lib/time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
import type { AuditLog } from '../audit';
import type { MediaEntitiesRepository, MediaEntityRow } from './media-entities.repository';

export const CHANGED_MEANWHILE = changedMeanwhile('publisher');
export const HAS_APPROVALS = 'The publisher has approvals';

/** The fields an admin edits, as the API shows them; audit entries compare these. */
interface MediaEntityFields {
  name: string;
  domain: string | null;
  contact_name: string | null;
  contact_email: string | null;
}

const fieldsOf = (row: MediaEntityRow): MediaEntityFields => ({
  name: row.name,
  domain: row.domain,
  contact_name: row.contact_name,
  contact_email: row.contact_email,
});

const toMediaEntity = (row: MediaEntityRow): MediaEntity => ({
  id: row.id,
  ...fieldsOf(row),
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
});

/** "The publisher has approvals: 2 pending, 1 approved." — in the order a publisher decides. */
const hasApprovalsMessage = (counts: ReadonlyMap<ApprovalStatus, number>) => {
  const parts = (['pending', 'approved', 'rejected'] as const)
    .filter((status) => (counts.get(status) ?? 0) > 0)
    .map((status) => `${counts.get(status)} ${status}`);
  return `${HAS_APPROVALS}: ${parts.join(', ')}.`;
};

interface Deps {
  mediaEntities: MediaEntitiesRepository;
  /** Approvals of live creatives naming this publisher, by status (asked of the approvals' rows). */
  approvalCounts: (
    companyId: number,
    mediaEntityId: number,
    trx: Executor,
  ) => Promise<ReadonlyMap<ApprovalStatus, number>>;
  audit: AuditLog;
  transaction: Transactor;
}

/**
 * Publishers (DESIGN sections 5 and 6). Who may call what is the routes' guard: campaign editors
 * read, admins write. Every query is scoped by the user's company; another company's id is a 404.
 */
export function createMediaEntitiesService({ mediaEntities, approvalCounts, audit, transaction }: Deps) {
  const mustFind = async (user: User, id: number, trx?: Executor, deleted = false) => {
    const row = await mediaEntities.findById(user.company_id, id, trx, { deleted });
    if (!row) throw notFound();
    return row;
  };

  /**
   * Names, and domains where given, are unique among a company's live publishers, ignoring case:
   * checked here (both fields' messages at once), and kept by unique indexes (migrations
   * 2026-11-22-1000 and 2026-11-27-1300) that a write racing past the check meets, answering the
   * check's 422 for the field of the index it broke.
   */
  const assertFree = async (
    user: User,
    fields: Partial<Pick<MediaEntityFields, 'name' | 'domain'>>,
    exceptId: number | undefined,
    trx: Executor,
  ) => {
    const errors: Record<string, string[]> = {};
    if (
      fields.name !== undefined &&
      (await mediaEntities.nameTaken(user.company_id, fields.name, { exceptId, trx }))
    )
      errors.name = [MEDIA_ENTITY_NAME_TAKEN];
    if (fields.domain && (await mediaEntities.domainTaken(user.company_id, fields.domain, exceptId, trx)))
      errors.domain = [MEDIA_ENTITY_DOMAIN_TAKEN];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  };

  const race = uniqueRace(
    { index: 'media_entities_live_name_key', field: 'name', message: MEDIA_ENTITY_NAME_TAKEN },
    { index: 'media_entities_live_domain_key', field: 'domain', message: MEDIA_ENTITY_DOMAIN_TAKEN },
  );

  return {
    async list(user: User, query: MediaEntityListQuery): Promise<ListPage<MediaEntity>> {
      const page = await mediaEntities.list(user.company_id, query);
      return { data: page.data.map(toMediaEntity), meta: page.meta };
    },

    get: async (user: User, id: number): Promise<MediaEntity> => toMediaEntity(await mustFind(user, id)),

    create: (user: User, body: MediaEntityCreate): Promise<MediaEntity> =>
      transaction(async (trx) => {
        const fields: MediaEntityFields = {
          name: body.name,
          domain: body.domain ?? null,
          contact_name: body.contact_name ?? null,
          contact_email: body.contact_email ?? null,
        };
        await assertFree(user, fields, undefined, trx);
        const now = nowIso();
        const row = await mediaEntities
          .insert({ ...fields, company_id: user.company_id, created_at: now, updated_at: now }, trx)
          .catch(race);
        await audit.log(trx, user, { entityId: row.id, action: 'created', changes: created(fields) });
        return toMediaEntity(row);
      }),

    /**
     * Edits the fields sent. As for every editable item (DESIGN section 4): an edit based on an older
     * version is a 409, a changing edit without its version a 422, and an edit that changes nothing
     * answers the item as it is.
     */
    update: (user: User, id: number, body: MediaEntityUpdate, ifMatch?: string): Promise<MediaEntity> =>
      transaction(async (trx) => {
        const { updated_at, ...edits } = body;
        const basedOn = basedOnOf(updated_at, ifMatch);
        const row = await mustFind(user, id, trx);
        const before = fieldsOf(row);
        const sent = Object.fromEntries(
          Object.entries(edits).filter(([, value]) => value !== undefined),
        ) as Partial<MediaEntityFields>;
        const after: MediaEntityFields = { ...before, ...sent };
        const changes = diff(before, after);
        if (Object.keys(changes).length === 0) return toMediaEntity(row);
        assertCurrentVersion(basedOn, row.updated_at, CHANGED_MEANWHILE);
        await assertFree(
          user,
          { name: changes.name ? after.name : undefined, domain: changes.domain ? after.domain : undefined },
          id,
          trx,
        );
        // Guarded by the version just read: a write that commits first changes updated_at, and this
        // UPDATE then matches no row.
        const updated = await mediaEntities
          .update(
            user.company_id,
            id,
            row.updated_at,
            { ...after, updated_at: nextUpdatedAt(row.updated_at) },
            trx,
          )
          .catch(race);
        if (!updated) throw new HttpError(409, CHANGED_MEANWHILE);
        await audit.log(trx, user, { entityId: id, action: 'updated', changes });
        return toMediaEntity(updated);
      }),

    /**
     * Soft delete. Decision: refused (422) while approvals of live creatives name the publisher,
     * whatever their status. A publisher's verdicts are what the campaign's approvals tab and the
     * approval links show; deleting the publisher under them would leave verdicts from a publisher
     * nobody can see, edit or send a new link to. Rejected verdicts count too: they are the record
     * of why a creative changed. Approvals of deleted creatives or campaigns do not hold it back.
     */
    remove: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        await mustFind(user, id, trx);
        const counts = await approvalCounts(user.company_id, id, trx);
        if ([...counts.values()].some((n) => n > 0)) throw new HttpError(422, hasApprovalsMessage(counts));
        const at = nowIso();
        await mediaEntities.softDelete(user.company_id, [id], at, trx);
        await audit.log(trx, user, { entityId: id, action: 'deleted', changes: { deleted_at: [null, at] } });
      }),

    /** Brings a soft-deleted publisher back, unless a live one has taken its name or domain meanwhile. */
    restore: (user: User, id: number): Promise<MediaEntity> =>
      transaction(async (trx) => {
        const row = await mustFind(user, id, trx, true);
        await assertFree(user, fieldsOf(row), id, trx);
        await mediaEntities.restore(user.company_id, [id], nextUpdatedAt(row.updated_at), trx).catch(race);
        await audit.log(trx, user, {
          entityId: id,
          action: 'restored',
          changes: { deleted_at: [row.deleted_at, null] },
        });
        return toMediaEntity(await mustFind(user, id, trx));
      }),
  };
}
export type MediaEntitiesService = ReturnType<typeof createMediaEntitiesService>;
