import { type AreaTasks, worker } from '../../plugins/tasks';
import { UNPACK_JOB } from './packages.service';

/** How often unpacking's leftovers are looked for, besides at start. */
const SWEEP_EVERY_MS = 6 * 3_600_000;

/** Packages are unpacked as a job; what unpacking left behind is swept at start and then every few hours. */
export const packagesTasks: AreaTasks = ({ services: { packageUnpack: unpack } }) => ({
  workers: [
    worker<{ id: number }>(UNPACK_JOB, (job) => unpack.unpack(job.data.id), {
      onFailed: (job, message) => unpack.unpackFailed(job.data.id, message),
    }),
  ],
  timers: [{ name: 'package sweep', everyMs: SWEEP_EVERY_MS, run: () => unpack.sweep(), onReady: true }],
});
