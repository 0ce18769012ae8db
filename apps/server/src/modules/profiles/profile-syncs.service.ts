import { canAccess, type Profile, type ProfileIssue, type ProfileSync, type User } from '@adstudio/contract';
import type { Transactor } from '../../db/database';
import { forbidden, HttpError } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { runDueSchedules } from './profile-schedule';
import type { ProfileSyncRow, ProfileSyncsRepository } from './profile-syncs.repository';
import type { ProfilesRepository } from './profiles.repository';

/** The job that runs a profile's sync (profile-sync.ts). */
export const SYNC_JOB = 'profile.sync';
export const SYNC_RUNNING = 'A sync of this profile is running. Wait for it to finish.';

const toSync = (row: ProfileSyncRow & { user_name: string | null }): ProfileSync => ({
  id: row.id,
  trigger: row.trigger,
  user: row.user_id !== null ? { id: row.user_id, name: row.user_name ?? '' } : null,
  status: row.status,
  revision: row.revision,
  started_at: row.started_at,
  finished_at: row.finished_at,
  error: row.error,
  rows_total: row.rows_total,
  rows_active: row.rows_active,
  rows_with_errors: row.rows_with_errors,
  warnings_total: row.warnings_total,
  rows_added: row.rows_added,
  rows_changed: row.rows_changed,
  rows_removed: row.rows_removed,
});

/** Who or what starts a sync. */
export interface SyncStart {
  trigger: ProfileSync['trigger'];
  userId: number | null;
  confirm: boolean;
}

interface Deps {
  profiles: Pick<ProfilesRepository, 'dueForSchedule' | 'advanceSchedule'>;
  syncs: ProfileSyncsRepository;
  transaction: Transactor;
  /** Queues the sync job of a sync row (after the row is committed). */
  queueSync: (syncId: number, profileId: number) => Promise<unknown>;
  /** The user's profile as answered (the profiles service's `get`: 404 when it is not theirs). */
  profile: (user: User, id: number) => Promise<Profile>;
}

/**
 * A profile's syncs as users and the scheduler see them: starting one (a user, a new profile, a
 * due schedule), the history of them, and the issues the last one found. The sync itself runs as
 * a job (profile-sync.ts).
 */
export function createProfileSyncsService({ profiles, syncs, transaction, queueSync, profile }: Deps) {
  /**
   * Starts a sync: a history row and the profile marked `syncing` in one transaction (409 when one
   * is running), then the job. Answers the sync's id.
   */
  async function start(companyId: number, profileId: number, by: SyncStart) {
    const syncId = await transaction(async (trx) => {
      const sync = await syncs.insertSync(
        {
          company_id: companyId,
          profile_id: profileId,
          trigger: by.trigger,
          user_id: by.userId,
          confirm: by.confirm ? 1 : 0,
          started_at: nowIso(),
        },
        trx,
      );
      if (!(await syncs.claimSync(profileId, sync.id, trx))) throw new HttpError(409, SYNC_RUNNING);
      return sync.id;
    });
    await queueSync(syncId, profileId);
    return syncId;
  }

  return {
    start,

    /** Starts the syncs whose schedule is due (the periodic task; each run once across instances). */
    startDueSyncs: (now: Date) => runDueSchedules(profiles, start, now),

    /** A user's sync of the profile; answers the profile syncing. */
    async sync(user: User, id: number, confirm: boolean): Promise<Profile> {
      if (!canAccess(user, 'profiles', 'write')) throw forbidden();
      const current = await profile(user, id);
      if (current.status === 'syncing') throw new HttpError(409, SYNC_RUNNING);
      await start(user.company_id, id, { trigger: 'user', userId: user.id, confirm });
      return profile(user, id);
    },

    async syncs(user: User, id: number): Promise<ProfileSync[]> {
      await profile(user, id);
      return (await syncs.history(user.company_id, id)).map(toSync);
    },

    async errors(
      user: User,
      id: number,
      filter: { severity?: string; column?: string },
    ): Promise<ProfileIssue[]> {
      await profile(user, id);
      // The repository's issues have the answer's shape (a kept report's are shared, and frozen).
      return (await syncs.issues(user.company_id, id, filter)) as ProfileIssue[];
    },
  };
}
export type ProfileSyncsService = ReturnType<typeof createProfileSyncsService>;
