import {
  type ApprovalStatus,
  MEDIA_ENTITY_DOMAIN_TAKEN,
  MEDIA_ENTITY_NAME_MAX,
  MEDIA_ENTITY_NAME_TAKEN,
  type MediaEntity,
  type MediaEntityCreate,
  type MediaEntityListQuery,
  type MediaEntityUpdate,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { mergeEdit } from '../../lib/edits';
import { HttpError, unprocessable } from '../../lib/http-errors';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import { nowIso } from '../../lib/time';
import { changedMeanwhile } from '../../lib/versions';
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
 * Publishers (docs/design.md §5 and §6). Who may call what is the routes' guard: campaign editors
 * read, admins write. Every query is scoped by the user's company; another company's id is a 404.
 */
export function createMediaEntitiesService({ mediaEntities, approvalCounts, audit, transaction }: Deps) {
  /**
   * Names, and domains where given, are unique among a company's live publishers, ignoring case:
   * checked here (both fields' messages at once), and kept by unique indexes (migrations
   * 2026-11-22-1000 and 2026-11-27-1300) that a write racing past the check meets, answering the
   * check's 422 for the field of the index it broke.
   */
  const base = resourceService({
    noun: 'publisher',
    repository: mediaEntities,
    audit,
    transaction,
    name: {
      index: 'media_entities_live_name_key',
      message: MEDIA_ENTITY_NAME_TAKEN,
      max: MEDIA_ENTITY_NAME_MAX,
    },
    unique: [
      { index: 'media_entities_live_domain_key', field: 'domain', message: MEDIA_ENTITY_DOMAIN_TAKEN },
    ],
    async free(user, fields, exceptId, trx) {
      const errors: Record<string, string[]> = {};
      if (
        typeof fields.name === 'string' &&
        (await mediaEntities.nameTaken(user.company_id, fields.name, { exceptId, trx }))
      )
        errors.name = [MEDIA_ENTITY_NAME_TAKEN];
      if (fields.domain && (await mediaEntities.domainTaken(user.company_id, fields.domain, exceptId, trx)))
        errors.domain = [MEDIA_ENTITY_DOMAIN_TAKEN];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
    },
  });

  return {
    /**
     * The company's publishers among `ids`, by id and name, for other modules (an ad tag names its
     * publisher): live ones, or deleted ones too with `deleted: 'any'`.
     */
    named: async (
      companyId: number,
      ids: readonly number[],
      { deleted = false }: { deleted?: false | 'any' } = {},
      trx?: Executor,
    ): Promise<{ id: number; name: string }[]> =>
      (await mediaEntities.findByIds(companyId, ids, trx, { deleted })).map(({ id, name }) => ({ id, name })),

    async list(user: User, query: MediaEntityListQuery): Promise<ListPage<MediaEntity>> {
      const page = await mediaEntities.list(user.company_id, query);
      return { data: page.data.map(toMediaEntity), meta: page.meta };
    },

    get: async (user: User, id: number): Promise<MediaEntity> => toMediaEntity(await base.find(user, id)),

    create: (user: User, body: MediaEntityCreate): Promise<MediaEntity> =>
      transaction(async (trx) => {
        const fields: MediaEntityFields = {
          name: body.name,
          domain: body.domain ?? null,
          contact_name: body.contact_name ?? null,
          contact_email: body.contact_email ?? null,
        };
        const now = nowIso();
        const row = await base.insert(
          user,
          fields,
          () =>
            mediaEntities.insert(
              { ...fields, company_id: user.company_id, created_at: now, updated_at: now },
              trx,
            ),
          trx,
        );
        return toMediaEntity(row);
      }),

    /**
     * Edits the fields sent. As for every editable item (docs/design.md §4): an edit based on an older
     * version is a 409, and an edit that changes nothing answers the item as it is.
     */
    update: (user: User, id: number, body: MediaEntityUpdate, ifMatch?: string): Promise<MediaEntity> => {
      const { updated_at, ...edits } = body;
      return base.update(user, id, updated_at, ifMatch, {
        plan: (row) => {
          const { after, changes } = mergeEdit(fieldsOf(row), edits);
          return { values: after, changes };
        },
        view: toMediaEntity,
      });
    },

    /**
     * Soft delete. Decision: refused (422) while approvals of live creatives name the publisher,
     * whatever their status. A publisher's verdicts are what the campaign's approvals tab and the
     * approval links show; deleting the publisher under them would leave verdicts from a publisher
     * nobody can see, edit or send a new link to. Rejected verdicts count too: they are the record
     * of why a creative changed. Approvals of deleted creatives or campaigns do not hold it back.
     */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        async refuse(_row, trx) {
          const counts = await approvalCounts(user.company_id, id, trx);
          if ([...counts.values()].some((n) => n > 0)) throw new HttpError(422, hasApprovalsMessage(counts));
        },
      }),

    /** Brings a soft-deleted publisher back, unless a live one has taken its name or domain meanwhile. */
    restore: (user: User, id: number): Promise<MediaEntity> => base.restore(user, id, toMediaEntity),
  };
}
export type MediaEntitiesService = ReturnType<typeof createMediaEntitiesService>;
