import { type AreaTasks, worker } from '../../plugins/tasks';
import { QA_JOB, RUN_INTERRUPTED } from './qa-runs.service';

/** QA runs are checked as a job; a restart resumes one, and one that cannot go on ends `failed`. */
export const qaTasks: AreaTasks = ({ services: { qaRuns } }) => ({
  workers: [
    worker<{ runId: number }>(QA_JOB, (job) => qaRuns.run(job.data.runId), {
      onFailed: (job, message) => qaRuns.fail(job.data.runId, `${RUN_INTERRUPTED}: ${message}`),
    }),
  ],
});
