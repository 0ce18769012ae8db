import type { DataValue } from '@adstudio/contract';
import { type DataSourceValues, filledUrl, type Placeholders, type ReadValue } from './data-source-values';

/** A value read from the database is trusted this long at least before it is read again. */
const RECHECK_MS = 1000;
/** Values kept, over every data source and filled URL; the oldest go first. */
const ENTRIES_MAX = 20_000;
/** How long a decision waits, at most, for a value nobody has read yet (the database, never the network). */
export const VALUE_BUDGET_MS = 50;

interface Entry {
  value: DataValue;
  /** When to read it again (in the background: the decision takes the value as it is). */
  recheckAt: number;
}

/** What a data source is, as the values of its URLs are found: its URL as written and its default. */
interface Definition {
  template: string;
  fallback: DataValue;
}

/**
 * Data source values for served ads (docs/design.md §11): from memory,
 * stale-while-revalidate. A known value answers at once; one past its refresh time answers as it is
 * while one background read takes the database's newer value (which starts the fetch when it is
 * due, data-source-values.ts). A value nobody read yet is read from the database within
 * `budgetMs`; past it, the decision takes the default value (or none). A data source's edit drops
 * what is kept of it (`forget`, heard on the change feed). Kept per company and data source, so one
 * company's condition naming another's data source reads nothing.
 */
export function createLiveValues({
  valuesFor,
  budgetMs = VALUE_BUDGET_MS,
  now = Date.now,
}: {
  valuesFor: DataSourceValues['valuesFor'];
  budgetMs?: number;
  now?: () => number;
}) {
  const definitions = new Map<string, Definition>();
  /** By `company:id`, then by filled URL. */
  const entries = new Map<string, Map<string, Entry>>();
  const reading = new Map<string, Promise<void>>();
  let size = 0;

  const store = (key: string, url: string, read: ReadValue, at: number) => {
    definitions.set(key, {
      template: read.template,
      fallback: read.source === 'default' ? read.value : null,
    });
    let urls = entries.get(key);
    if (!urls) {
      urls = new Map();
      entries.set(key, urls);
    }
    if (!urls.has(url)) size++;
    urls.set(url, {
      value: read.source === 'none' ? null : read.value,
      recheckAt: Math.max(read.freshUntil, at + RECHECK_MS),
    });
    while (size > ENTRIES_MAX) {
      const [oldest, kept] = entries.entries().next().value as [string, Map<string, Entry>];
      size -= kept.size;
      entries.delete(oldest);
    }
  };

  /** One read of these data sources' values from the database; joined by whoever asks meanwhile. */
  const read = (companyId: number, ids: number[], placeholders: Placeholders) => {
    const key = `${companyId}:${ids.join(',')}:${JSON.stringify(placeholders)}`;
    let running = reading.get(key);
    if (!running) {
      running = valuesFor(companyId, ids, placeholders)
        .then((values) => {
          const at = now();
          for (const id of ids) {
            const value = values.get(id);
            if (value) store(`${companyId}:${id}`, filledUrl(value.template, placeholders), value, at);
          }
        })
        .catch(() => {})
        .finally(() => reading.delete(key));
      reading.set(key, running);
    }
    return running;
  };

  /** The values known now; `missing` lists the ids with none. */
  const known = (companyId: number, ids: readonly number[], placeholders: Placeholders) => {
    const values: Record<number, DataValue> = {};
    const missing: number[] = [];
    const stale: number[] = [];
    const at = now();
    for (const id of ids) {
      const key = `${companyId}:${id}`;
      const definition = definitions.get(key);
      const entry = definition && entries.get(key)?.get(filledUrl(definition.template, placeholders));
      if (!entry) {
        missing.push(id);
        continue;
      }
      if (entry.value !== null) values[id] = entry.value;
      if (entry.recheckAt <= at) stale.push(id);
    }
    return { values, missing, stale };
  };

  return {
    /**
     * The values of the company's data sources among `ids` in a viewer's context, by id (none: no
     * value known). Synchronous when every value is in memory, which is the rule once served.
     */
    valuesOf(
      companyId: number,
      ids: readonly number[],
      placeholders: Placeholders,
    ): Record<number, DataValue> | Promise<Record<number, DataValue>> {
      const first = known(companyId, ids, placeholders);
      if (first.stale.length > 0) void read(companyId, first.stale, placeholders);
      if (first.missing.length === 0) return first.values;
      const waited = read(companyId, first.missing, placeholders);
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, budgetMs);
      });
      return Promise.race([waited, budget]).then(() => {
        clearTimeout(timer);
        const second = known(companyId, ids, placeholders);
        // Past the budget, a data source known by its definition gives its default value.
        for (const id of second.missing) {
          const fallback = definitions.get(`${companyId}:${id}`)?.fallback;
          if (fallback !== undefined && fallback !== null) second.values[id] = fallback;
        }
        return second.values;
      });
    },

    /** Drops what is kept of a data source (its edit was heard). */
    forget(id: number) {
      for (const key of [...entries.keys()])
        if (key.endsWith(`:${id}`)) {
          size -= entries.get(key)!.size;
          entries.delete(key);
        }
      for (const key of [...definitions.keys()]) if (key.endsWith(`:${id}`)) definitions.delete(key);
    },

    /** Drops everything kept (the change feed may have missed changes). */
    clear() {
      entries.clear();
      definitions.clear();
      size = 0;
    },
  };
}
export type LiveValues = ReturnType<typeof createLiveValues>;
