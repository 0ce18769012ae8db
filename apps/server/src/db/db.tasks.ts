import { sql } from 'kysely';
import { sweepRateLimits } from '../lib/rate-limit-store';
import type { AreaTasks } from '../plugins/tasks';

/**
 * SQLite plans from statistics it gathers only when asked. Without them an equality on an indexed
 * column looks like ten rows, so `company_id = ?` wins over 25 ids looked up by key and a page read
 * every row of a company. `PRAGMA optimize` (bounded by analysis_limit) refreshes the statistics of
 * tables that changed a lot: at start for every table (plugins/db.ts), then hourly, as SQLite
 * recommends.
 */
const OPTIMIZE_EVERY_MS = 3_600_000;

/** Ended rate-limit windows are deleted each minute (PostgreSQL keeps them; lib/rate-limit-store.ts). */
const RATE_LIMIT_SWEEP_EVERY_MS = 60_000;

/** The database's own upkeep: SQLite's statistics, refreshed hourly; PostgreSQL's ended rate-limit windows. */
export const dbTasks: AreaTasks = ({ config, db }) => ({
  timers:
    config.database.kind === 'sqlite'
      ? [{ name: 'sqlite optimize', everyMs: OPTIMIZE_EVERY_MS, run: () => sql`pragma optimize`.execute(db) }]
      : [{ name: 'rate limit sweep', everyMs: RATE_LIMIT_SWEEP_EVERY_MS, run: () => sweepRateLimits(db) }],
});
