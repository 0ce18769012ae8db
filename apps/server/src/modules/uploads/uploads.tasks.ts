import type { AreaTasks } from '../../plugins/tasks';

/** Uploads nobody claimed within a day are removed at start and then hourly. */
export const uploadsTasks: AreaTasks = ({ services: { uploads } }) => ({
  timers: [{ name: 'upload sweep', everyMs: 3_600_000, run: () => uploads.sweep(), onReady: true }],
});
