import { SYNC_FAILED } from '@adstudio/contract';
import { type AreaTasks, worker } from '../../plugins/tasks';
import { SYNC_JOB } from './profile-syncs.service';

/** Feeds sync as a job; each instance looks for profiles whose scheduled sync is due. */
export const profilesTasks: AreaTasks = ({ services: { profileSyncs, profileSync: sync }, config }) => ({
  workers: [
    worker<{ syncId: number }>(SYNC_JOB, (job) => sync.run(job.data.syncId), {
      // The job threw (not a feed fault, which the sync records itself) or the server stopped during it.
      onFailed: (job, message) => sync.fail(job.data.syncId, `${SYNC_FAILED} (${message})`),
    }),
  ],
  timers: [
    {
      name: 'profile schedules',
      everyMs: config.scheduleTickMs,
      run: () => profileSyncs.startDueSyncs(new Date()),
    },
  ],
});
