import type { AreaTasks } from '../../plugins/tasks';

/** How often the periodic refresh looks for due data sources. */
const REFRESH_TICK_MS = 60_000;

/** Data sources' cached values are refreshed when due, a few at a time. */
export const dataSourcesTasks: AreaTasks = ({ services: { dataSourceValues: values }, config }) => ({
  // Tests call refreshDue themselves: a timer fetching in the background would race their servers.
  timers:
    config.env === 'test'
      ? []
      : [{ name: 'data source refresh', everyMs: REFRESH_TICK_MS, run: () => values.refreshDue() }],
});
