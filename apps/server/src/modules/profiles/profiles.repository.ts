import type { ProfileListQuery, ProfileSort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfilesTable } from '../../db/schema';
import { defaultSort, listedRows, paginate, type SortKey } from '../../lib/list';
import { listTotal } from '../../lib/list-total';
import { scopedRepository } from '../../lib/scoped-repository';
import { textMatch } from '../../lib/text-match';

export type ProfileRow = Selectable<ProfilesTable>;

const SORTS: Record<ProfileSort, SortKey> = {
  name: sql`lower(profiles.name)`,
  status: 'profiles.status',
  synced_at: { emptyLast: 'profiles.synced_at' },
  created_at: 'profiles.created_at',
  updated_at: 'profiles.updated_at',
};

/**
 * Profiles (feeds) as rows: the list, one by id, writes, and what the scheduler and templates ask.
 * Their syncs, rules and staging have repositories of their own. Every query a user's request
 * makes is scoped by company.
 */
export const createProfilesRepository = (db: Db) => ({
  /** Whether the company has this live profile. */
  exists: async (companyId: number, id: number, trx: Executor = db) =>
    (await trx
      .selectFrom('profiles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) !== undefined,

  findById: (companyId: number, id: number, trx: Executor = db, { deleted = false } = {}) =>
    trx
      .selectFrom('profiles')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', deleted ? 'is not' : 'is', null)
      .executeTakeFirst(),

  /** A profile by id alone, for jobs (which carry the id, not a user). */
  findAnyById: (id: number, trx: Executor = db) =>
    trx.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst(),

  list: async (companyId: number, query: ProfileListQuery, trx: Executor = db) => {
    let rows = trx
      .selectFrom('profiles')
      .selectAll('profiles')
      .where('profiles.company_id', '=', companyId)
      .where(listedRows('profiles', query));
    const text = query.filter
      ? await textMatch(trx, { table: 'profiles', columns: ['name'] }, companyId, query, query.filter)
      : undefined;
    if (text) rows = rows.where(text.where);
    const total = listTotal(trx, {
      section: 'profiles',
      companyId,
      listed: query,
      matches: [text],
      narrowed: false,
      rows,
    });
    return paginate(rows, query, {
      sortable: SORTS,
      defaultSort: defaultSort('profiles', query),
      id: 'profiles.id',
      total,
      // A filter testing ids: the page's ids come first, then their rows without testing it again.
      load: text?.idsOnly
        ? (ids) => scopedRepository(trx, 'profiles').findByIds(companyId, ids, trx, { deleted: 'any' })
        : undefined,
    });
  },

  /** Whether another live profile of the company has this name, ignoring case. */
  nameTaken: scopedRepository(db, 'profiles').nameTaken,

  insert: (values: Insertable<ProfilesTable>, trx: Executor = db) =>
    trx.insertInto('profiles').values(values).returningAll().executeTakeFirstOrThrow(),

  /** Answers the updated row, or undefined when it changed since `updatedAt` (or is gone). */
  updateIfUnchanged: (
    companyId: number,
    id: number,
    updatedAt: string,
    values: Updateable<ProfilesTable>,
    trx: Executor = db,
  ) =>
    trx
      .updateTable('profiles')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('updated_at', '=', updatedAt)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  update: (id: number, values: Updateable<ProfilesTable>, trx: Executor = db) =>
    trx.updateTable('profiles').set(values).where('id', '=', id).execute(),

  /** Scheduled profiles whose next run is due, for the scheduler. */
  dueForSchedule: (now: string, limit = 50) =>
    db
      .selectFrom('profiles')
      .select(['id', 'company_id', 'schedule', 'next_sync_at'])
      .where('schedule', 'is not', null)
      .where('next_sync_at', '<=', now)
      .where('deleted_at', 'is', null)
      .orderBy('next_sync_at')
      .limit(limit)
      .execute(),

  /** Moves a schedule's next run on; answers whether this caller did (so one instance runs it). */
  advanceSchedule: async (id: number, from: string, to: string | null) => {
    const result = await db
      .updateTable('profiles')
      .set({ next_sync_at: to })
      .where('id', '=', id)
      .where('next_sync_at', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Names of the live profiles that use a template. */
  usingTemplate: (companyId: number, templateId: number, trx: Executor = db) =>
    trx
      .selectFrom('profiles')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('template_id', '=', templateId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
});
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
