import type { AreaTasks } from '../../plugins/tasks';

const PURGE_EVERY_MS = 3_600_000;

/** Deleted assets past their restore window are purged at start and then hourly. */
export const assetsTasks: AreaTasks = ({ services: { assets } }) => ({
  timers: [{ name: 'asset purge', everyMs: PURGE_EVERY_MS, run: () => assets.purge(), onReady: true }],
});
