import {
  type DataValue,
  type EvaluationContext,
  fillPlaceholders,
  hasPlaceholders,
} from '@adstudio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { type FetchReach, fetchDataSource } from './data-source-fetch';
import { HEADERS_UNREADABLE, type HeaderVault } from './data-source-headers';
import type { DataSourceRow, DataSourcesRepository } from './data-sources.repository';

/** Where a value conditions use came from: a fetch, the default (failure or none yet), or nowhere. */
export type ValueSource = 'cache' | 'default' | 'none';

export interface DataSourceValue {
  name: string;
  value: DataValue;
  source: ValueSource;
}

/** A value as serving keeps it (data-source-live.ts): with the URL it was read for and until when it holds. */
export interface ReadValue extends DataSourceValue {
  /** The data source's URL as written (with its placeholders). */
  template: string;
  /** When its refresh falls due (ms since the epoch; now or earlier when due already). */
  freshUntil: number;
}

/**
 * What fills a URL's `{placeholders}`, by placeholder name: context fields (`country`, `city`, …)
 * and query parameters as `param:<name>` (see `placeholdersOf`).
 */
export type Placeholders = Readonly<Record<string, string | undefined>>;

/** The placeholders of a viewer's context: its fields, and its query parameters as `param:<name>`. */
export const placeholdersOf = (context: EvaluationContext): Placeholders => {
  // Built property by property (not a spread after the fields): every served decision makes one.
  const placeholders: Record<string, string | undefined> = {
    date: context.date,
    time: context.time,
    weekday: context.weekday,
    country: context.country,
    region: context.region,
    city: context.city,
    device: context.device,
    language: context.language,
  };
  for (const name in context.params) placeholders[`param:${name}`] = context.params[name];
  return placeholders;
};

/** What a fetch left, on the data source or a filled URL's cache row. */
interface FetchState {
  value: string | null;
  fetched_at: string | null;
  last_error: string | null;
  failed_at: string | null;
}

/** Background refreshes under way at once; past it, a stale value waits for a later read. */
const MAX_IN_FLIGHT = 16;
/** The periodic refresh: how many due data sources per tick, and how many fetches at once. */
const DUE_PER_TICK = 100;
const DUE_CONCURRENCY = 4;
/** Cached values of filled URLs not refreshed for this long are dropped (longer than any refresh interval). */
const PRUNE_AFTER_MS = 14 * 24 * 3600 * 1000;

const stateOfRow = (row: DataSourceRow): FetchState => ({
  value: row.last_value,
  fetched_at: row.fetched_at,
  last_error: row.last_error,
  failed_at: row.failed_at,
});

/**
 * The value conditions use: the last one fetched, unless the latest fetch failed or none happened
 * yet — then the default value, if there is one.
 */
export function currentValue(
  state: FetchState,
  defaultValue: string | null,
): { value: DataValue; source: ValueSource } {
  if (state.fetched_at !== null && state.last_error === null)
    return { value: parseJson<DataValue>(state.value, null), source: 'cache' };
  if (defaultValue !== null) return { value: defaultValue, source: 'default' };
  return { value: null, source: 'none' };
}

/** When the latest attempt (success or failure) falls due again; 0 when none happened. */
function dueAt(state: FetchState, refreshSeconds: number): number {
  const attempts = [state.fetched_at, state.failed_at]
    .filter((at): at is string => at !== null)
    .map((at) => Date.parse(at));
  if (attempts.length === 0) return 0;
  return Math.max(...attempts) + refreshSeconds * 1000;
}

/** Whether the latest attempt (success or failure) is older than the refresh interval. */
const isDue = (state: FetchState, refreshSeconds: number, now: number) => dueAt(state, refreshSeconds) <= now;

/** The URL a data source fetches in this context (its placeholders filled, URL-encoded). */
export const filledUrl = (url: string, placeholders: Placeholders) =>
  fillPlaceholders(url, (name) => placeholders[name]);

interface Deps {
  repository: DataSourcesRepository;
  vault: HeaderVault;
  reach: FetchReach;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Data source values for conditions: reads never wait on the network. A
 * fresh value is answered from the database; a stale or missing one is answered as it is (or as the
 * default) while one background refresh per data source and URL fetches it anew.
 */
export function createDataSourceValues({ repository, vault, reach, log }: Deps) {
  const inFlight = new Map<string, Promise<void>>();
  const stop = new AbortController();

  /** Fetches one URL of a data source and records the outcome (never throws for the outside world's faults). */
  async function refresh(row: DataSourceRow, url: string): Promise<void> {
    const { headers, unreadable } = vault.read(row.headers);
    const at = () => nowIso();
    const cacheUrl = hasPlaceholders(row.url) ? url : null;
    if (unreadable) {
      await repository.recordFetch(row, cacheUrl, { at: at(), error: HEADERS_UNREADABLE });
      return;
    }
    const outcome = await fetchDataSource(
      url,
      {
        method: row.method === 'POST' ? 'POST' : 'GET',
        headers,
        json_path: row.json_path,
        timeout_ms: row.timeout_ms,
      },
      { ...reach, signal: stop.signal },
    );
    // The server is closing: what was cut short is no outcome of the data source's.
    if (stop.signal.aborted) return;
    await repository.recordFetch(
      row,
      cacheUrl,
      outcome.error === null
        ? { at: at(), value: JSON.stringify(outcome.value) }
        : { at: at(), error: outcome.error },
    );
  }

  /** Starts (or joins) the one refresh of this data source and URL; undefined when too many run. */
  function schedule(row: DataSourceRow, url: string, { force = false } = {}): Promise<void> | undefined {
    const key = `${row.id}|${url}`;
    const running = inFlight.get(key);
    if (running) return running;
    if (stop.signal.aborted || (!force && inFlight.size >= MAX_IN_FLIGHT)) return undefined;
    const work = refresh(row, url)
      .catch((error: unknown) => log.warn({ err: error, dataSourceId: row.id }, 'data source refresh failed'))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, work);
    return work;
  }

  async function valuesFor(
    companyId: number,
    ids: readonly number[],
    placeholders: Placeholders = {},
    now = Date.now(),
  ): Promise<Map<number, ReadValue>> {
    const rows = await repository.findByIds(companyId, [...new Set(ids)]);
    const urls = new Map(rows.map((row) => [row.id, filledUrl(row.url, placeholders)]));
    const filled = rows.filter((row) => hasPlaceholders(row.url));
    const cached = await repository.cachedValues(
      companyId,
      filled.map((row) => ({ id: row.id, url: urls.get(row.id)! })),
    );
    const values = new Map<number, ReadValue>();
    for (const row of rows) {
      const url = urls.get(row.id)!;
      let state = stateOfRow(row);
      if (hasPlaceholders(row.url)) {
        const hit = cached.get(`${row.id}|${url}`);
        state = hit
          ? {
              value: hit.value,
              fetched_at: hit.fetched_at,
              last_error: hit.last_error,
              failed_at: hit.failed_at,
            }
          : { value: null, fetched_at: null, last_error: null, failed_at: null };
      }
      const freshUntil = dueAt(state, row.refresh_interval);
      if (freshUntil <= now) schedule(row, url);
      values.set(row.id, {
        name: row.name,
        ...currentValue(state, row.default_value),
        template: row.url,
        freshUntil,
      });
    }
    return values;
  }

  return {
    /**
     * The current values of the company's live data sources among `ids` (others are left out), by
     * id. Only reads the database; stale or missing values start a background refresh.
     */
    valuesFor,

    /** Fetches one data source now (joining a refresh under way) and answers its value afterwards. */
    async refreshNow(companyId: number, id: number, placeholders: Placeholders = {}) {
      const [row] = await repository.findByIds(companyId, [id]);
      if (!row) return undefined;
      await schedule(row, filledUrl(row.url, placeholders), { force: true });
      // Read back as of the epoch: nothing is due then, so the read schedules no second fetch.
      const read = (await valuesFor(companyId, [id], placeholders, 0)).get(id);
      return read && { name: read.name, value: read.value, source: read.source };
    },

    /**
     * The periodic refresh: due data sources without placeholders, a few at a time, and the cache
     * rows of filled URLs nobody reads any more. Answers how many were fetched.
     */
    async refreshDue(now = Date.now()): Promise<number> {
      await repository.pruneValues(new Date(now - PRUNE_AFTER_MS).toISOString());
      const due = (await repository.refreshable())
        .filter((row) => !hasPlaceholders(row.url) && isDue(stateOfRow(row), row.refresh_interval, now))
        .slice(0, DUE_PER_TICK);
      let next = 0;
      const worker = async () => {
        while (next < due.length && !stop.signal.aborted) {
          const row = due[next++]!;
          await schedule(row, row.url, { force: true });
        }
      };
      await Promise.all(Array.from({ length: DUE_CONCURRENCY }, worker));
      return due.length;
    },

    /** Resolves once no refresh is under way (tests wait on it instead of on the clock). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },

    /** Stops: refreshes under way are cut short and record nothing. */
    async close(): Promise<void> {
      stop.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
export type DataSourceValues = ReturnType<typeof createDataSourceValues>;
