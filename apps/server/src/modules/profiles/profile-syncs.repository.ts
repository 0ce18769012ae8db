import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfileErrorsTable, ProfileSyncsTable, ProfilesTable } from '../../db/schema';

export type ProfileSyncRow = Selectable<ProfileSyncsTable>;
export type ProfileErrorRow = Selectable<ProfileErrorsTable>;

/**
 * A profile's syncs: their history rows, the claim that keeps one running at a time, the progress
 * and outcome they write on their profile, and the issues they found. Scoped by company where a
 * user asks; a sync's own writes go by its id.
 */
export const createProfileSyncsRepository = (db: Db) => ({
  /**
   * Marks the profile syncing under `syncId` unless a sync of it is running: answers whether it
   * did. The one conditional update is what keeps two syncs of a profile from running at once,
   * whichever instance asks.
   */
  claimSync: async (id: number, syncId: number, trx: Executor) => {
    const result = await trx
      .updateTable('profiles')
      .set({ status: 'syncing', sync_id: syncId, rows_processed: 0, sync_error: null })
      .where('id', '=', id)
      .where('status', '!=', 'syncing')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Progress of the running sync, readable by any instance. */
  setProgress: (id: number, syncId: number, processed: number, total: number) =>
    db
      .updateTable('profiles')
      .set({ rows_processed: processed, rows_total: total })
      .where('id', '=', id)
      .where('sync_id', '=', syncId)
      .execute(),

  /** Still this sync's profile (not deleted, no newer sync took it over)? */
  stillCurrent: async (profileId: number, syncId: number, trx: Executor = db) => {
    const current = await trx
      .selectFrom('profiles')
      .select(['sync_id', 'deleted_at'])
      .where('id', '=', profileId)
      .executeTakeFirst();
    return !!current && !current.deleted_at && current.sync_id === syncId;
  },

  /** The sync's outcome on its profile, unless a newer sync has taken the profile over: answers whether it did. */
  updateProfileOf: async (
    profileId: number,
    syncId: number,
    values: Updateable<ProfilesTable>,
    trx: Executor = db,
  ) => {
    const result = await trx
      .updateTable('profiles')
      .set(values)
      .where('id', '=', profileId)
      .where('sync_id', '=', syncId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  insertSync: (values: Insertable<ProfileSyncsTable>, trx: Executor = db) =>
    trx.insertInto('profile_syncs').values(values).returningAll().executeTakeFirstOrThrow(),

  findSync: (id: number, trx: Executor = db) =>
    trx.selectFrom('profile_syncs').selectAll().where('id', '=', id).executeTakeFirst(),

  updateSync: (id: number, values: Updateable<ProfileSyncsTable>, trx: Executor = db) =>
    trx.updateTable('profile_syncs').set(values).where('id', '=', id).execute(),

  /**
   * The profile's last sync that read its feed whole (synced, or stopped for a confirmation): the
   * one whose figures and issues the profile shows.
   */
  lastComplete: (profileId: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_syncs')
      .selectAll()
      .where('profile_id', '=', profileId)
      .where('status', 'in', ['synced', 'needs_confirmation'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The profile's syncs, newest first, with who started them. */
  history: (companyId: number, profileId: number, limit = 100) =>
    db
      .selectFrom('profile_syncs')
      .leftJoin('users', 'users.id', 'profile_syncs.user_id')
      .selectAll('profile_syncs')
      .select('users.name as user_name')
      .where((eb) => eb.and({ 'profile_syncs.company_id': companyId, 'profile_syncs.profile_id': profileId }))
      .orderBy('profile_syncs.id', 'desc')
      .limit(limit)
      .execute(),

  // --- issues --------------------------------------------------------------------------------

  insertIssues: (rows: Insertable<ProfileErrorsTable>[], trx: Executor = db) =>
    trx.insertInto('profile_errors').values(rows).execute(),

  /** Removes the issues a sync found. */
  removeIssuesOf: (syncId: number, trx: Executor = db) =>
    trx.deleteFrom('profile_errors').where('sync_id', '=', syncId).execute(),

  /**
   * Removes the profile's issues of every sync but `keptSyncId` (the last complete one, if any):
   * a failed sync's partial read and earlier failures go. Issues of no sync (before syncs were
   * recorded) stay with the last complete sync's.
   */
  removeIssuesBut: (profileId: number, keptSyncId: number | null, trx: Executor = db) => {
    let query = trx
      .deleteFrom('profile_errors')
      .where('profile_id', '=', profileId)
      .where('sync_id', 'is not', null);
    if (keptSyncId !== null) query = query.where('sync_id', '!=', keptSyncId);
    return query.execute();
  },

  /** Keeps only this sync's issues of the profile: those of earlier syncs go. */
  keepIssuesOf: (profileId: number, syncId: number, trx: Executor = db) =>
    trx
      .deleteFrom('profile_errors')
      .where('profile_id', '=', profileId)
      .where((eb) => eb.or([eb('sync_id', 'is', null), eb('sync_id', '!=', syncId)]))
      .execute(),

  /**
   * The profile's issues, in sheet order (those of no row first): those of its last sync, never
   * the partial ones of a sync still running.
   */
  issues: (
    companyId: number,
    profileId: number,
    { severity, column }: { severity?: string; column?: string },
  ) => {
    let query = db
      .selectFrom('profile_errors')
      .select(['row', 'column', 'value', 'message', 'severity'])
      .where((eb) => eb.and({ company_id: companyId, profile_id: profileId }))
      .where((eb) =>
        eb.or([
          eb('sync_id', 'is', null),
          eb(
            'sync_id',
            'not in',
            eb
              .selectFrom('profiles')
              .select('sync_id')
              .where('id', '=', profileId)
              .where('status', '=', 'syncing')
              .where('sync_id', 'is not', null),
          ),
        ]),
      );
    if (severity) query = query.where('severity', '=', severity);
    if (column) query = query.where('column', '=', column);
    return query
      .orderBy(sql`coalesce(${sql.ref('row')}, 0)`)
      .orderBy('id')
      .execute();
  },
});
export type ProfileSyncsRepository = ReturnType<typeof createProfileSyncsRepository>;
