import type { ProfileListQuery, ProfileSort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfilesTable } from '../../db/schema';
import type { SortKey } from '../../lib/list';
import { namedList } from '../../lib/named-list';
import { scopedRepository } from '../../lib/scoped-repository';

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
  /** Find by id / ids, name taken, guarded update, soft delete and restore (lib/scoped-repository). */
  ...scopedRepository(db, 'profiles'),

  /** Whether the company has this live profile. */
  exists: async (companyId: number, id: number, trx: Executor = db) =>
    (await trx
      .selectFrom('profiles')
      .select('id')
      .where((eb) => eb.and({ company_id: companyId, id }))
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) !== undefined,

  /** A profile by id alone, for jobs (which carry the id, not a user). */
  findAnyById: (id: number, trx: Executor = db) =>
    trx.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst(),

  list: (companyId: number, query: ProfileListQuery, trx: Executor = db) =>
    namedList(trx, 'profiles', companyId, query, SORTS),

  insert: (values: Insertable<ProfilesTable>, trx: Executor = db) =>
    trx.insertInto('profiles').values(values).returningAll().executeTakeFirstOrThrow(),

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
      .where((eb) => eb.and({ company_id: companyId, template_id: templateId }))
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
});
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
