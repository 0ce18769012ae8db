import type { FastifyBaseLogger } from 'fastify';
import type { Transactor } from '../../db/database';
import type {
  StatsDailyRow,
  StatsHoldoutDailyRow,
  StatsTagDailyRow,
  TrackingRepository,
} from './tracking.repository';
import type { TrackedView } from './tracking-links';

export type Hit = 'impression' | 'click';

/** What a flush writes: the hits of one signed campaign, creative, rule, ad tag and UTC day. */
export interface StatsCount {
  campaignId: number;
  creativeId: number;
  ruleId: number;
  /** The ad tag that served the views (docs/design.md §11); absent: none. */
  tagId?: number;
  /** Holdout views (the static control, issue 46); absent: dynamic. */
  holdout?: boolean;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  impressions: number;
  clicks: number;
}

export interface StatsBufferOptions {
  /** Writes one batch in one transaction; answers how many of its counts it dropped. */
  write(counts: readonly StatsCount[]): Promise<{ dropped: number }>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Milliseconds between flushes; 0 flushes only when asked (and when many keys wait). */
  intervalMs?: number;
  /** Flush at once when more keys than this wait. */
  flushAtKeys?: number;
  /** Keys kept at most while the database cannot be written; hits beyond are dropped with a warning. */
  maxKeys?: number;
  now?: () => Date;
  /** Told each written batch's duration in seconds (the metrics' flush time). */
  onFlush?: (seconds: number) => void;
}

export const FLUSH_INTERVAL_MS = 2000;
/**
 * Keys that flush before the interval ends: a bound on memory (~2 MB), not a pace. An `optimized`
 * creative spreads its views over every matching rule, thousands of keys in one interval; flushing
 * at each thousand wrote the same keys several times a second (bench/serve.ts).
 */
export const FLUSH_AT_KEYS = 10_000;
export const MAX_KEYS = 100_000;

/**
 * Counts hits in memory and writes them in batches (docs/design.md §5): a tracker answers without
 * waiting for the database, and one upsert per (creative, rule, day) replaces one write per hit.
 * A failed flush keeps its counts for the next one; only what exceeds `maxKeys` is ever dropped.
 * One flush runs at a time; `close()` stops the timer and writes what waits.
 */
export function createStatsBuffer({
  write,
  log,
  intervalMs = FLUSH_INTERVAL_MS,
  flushAtKeys = FLUSH_AT_KEYS,
  maxKeys = MAX_KEYS,
  now = () => new Date(),
  onFlush,
}: StatsBufferOptions) {
  let pending = new Map<string, StatsCount>();
  let running: Promise<void> | undefined;
  /** Hits dropped since the last warning about them. */
  let overflow = 0;

  const keyOf = (
    creativeId: number,
    ruleId: number,
    day: string,
    campaignId: number,
    tagId?: number,
    holdout?: boolean,
  ) => `${creativeId}.${ruleId}.${day}.${campaignId}.${tagId || 0}${holdout ? '.h' : ''}`;
  /** The UTC day of now, made again only when the clock leaves the day it made last. */
  let day = { name: '', from: 0, to: 0 };
  const today = () => {
    const at = now().getTime();
    if (at < day.from || at >= day.to) {
      const from = at - (at % 86_400_000);
      day = { name: new Date(from).toISOString().slice(0, 10), from, to: from + 86_400_000 };
    }
    return day.name;
  };

  /** Adds `count` under its key, unless the map is full; answers whether it was kept. */
  const keep = (into: Map<string, StatsCount>, count: StatsCount) => {
    const key = keyOf(
      count.creativeId,
      count.ruleId,
      count.day,
      count.campaignId,
      count.tagId,
      count.holdout,
    );
    const known = into.get(key);
    if (known) {
      known.impressions += count.impressions;
      known.clicks += count.clicks;
      return true;
    }
    if (into.size >= maxKeys) return false;
    into.set(key, { ...count });
    return true;
  };

  const dropped = (hits: number) => {
    if (overflow === 0)
      log.warn(
        { maxKeys },
        'tracking stats: too many unwritten counts; dropping hits until a flush succeeds',
      );
    overflow += hits;
  };

  async function flushOnce(): Promise<boolean> {
    const batch = pending;
    pending = new Map();
    try {
      const started = performance.now();
      const result = await write([...batch.values()]);
      onFlush?.((performance.now() - started) / 1000);
      if (result.dropped > 0)
        log.warn({ dropped: result.dropped }, 'tracking stats: counts of unknown creatives dropped');
      if (overflow > 0) {
        log.warn({ dropped: overflow }, 'tracking stats: hits dropped while the buffer was full');
        overflow = 0;
      }
      return true;
    } catch (error) {
      log.error({ err: error, keys: batch.size }, 'tracking stats: flush failed; kept for the next one');
      // What came in meanwhile stays; the failed batch joins it.
      for (const count of batch.values())
        if (!keep(pending, count)) dropped(count.impressions + count.clicks);
      return false;
    }
  }

  /** Writes what waits (after a flush under way, if any). Never rejects. */
  async function flush(): Promise<void> {
    while (running) await running;
    if (pending.size === 0) return;
    running = flushOnce().then((written) => {
      running = undefined;
      // More came in while writing; a failure waits for the timer instead of retrying in a loop.
      if (written && pending.size > flushAtKeys) void flush();
    });
    return running;
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          if (!running) void flush();
        }, intervalMs)
      : undefined;
  timer?.unref();

  return {
    /** Counts one hit of `view` now. */
    add(view: Omit<TrackedView, 'preview'>, hit: Hit): void {
      // Served ads count one per view: the common case (a key seen already) builds nothing.
      const day = today();
      const key = keyOf(view.creativeId, view.ruleId, day, view.campaignId, view.tagId, view.holdout);
      const known = pending.get(key);
      if (known) {
        if (hit === 'impression') known.impressions++;
        else known.clicks++;
        return;
      }
      if (pending.size >= maxKeys) {
        dropped(1);
        return;
      }
      // Every count has the same fields (one shape for the engine), absent ones undefined.
      pending.set(key, {
        campaignId: view.campaignId,
        creativeId: view.creativeId,
        ruleId: view.ruleId,
        tagId: view.tagId || undefined,
        holdout: view.holdout || undefined,
        day,
        impressions: hit === 'impression' ? 1 : 0,
        clicks: hit === 'click' ? 1 : 0,
      });
      if (pending.size > flushAtKeys && !running) void flush();
    },
    flush,
    /** Keys waiting to be written. */
    get size() {
      return pending.size;
    },
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
export type StatsBuffer = ReturnType<typeof createStatsBuffer>;

/**
 * The buffer's write: in one transaction, the batch's creatives are read in one query for their
 * company, and counts whose creative does not exist or belongs to another campaign than the signed
 * one are dropped (a link signed before the creative moved, or for a creative since purged). Every
 * count adds to its creative's row (a tag's counts summed with the untagged ones), and a tag's
 * counts to the tag's row too.
 */
export function createStatsWriter({
  repository,
  transaction,
}: {
  repository: TrackingRepository;
  transaction: Transactor;
}): StatsBufferOptions['write'] {
  return (counts) =>
    transaction(async (trx) => {
      const ids = [...new Set(counts.map((count) => count.creativeId))];
      const owners = new Map((await repository.owners(ids, trx)).map((row) => [row.id, row]));
      const rows = new Map<string, StatsDailyRow>();
      const tagRows: StatsTagDailyRow[] = [];
      const holdoutRows = new Map<string, StatsHoldoutDailyRow>();
      let dropped = 0;
      for (const count of counts) {
        const owner = owners.get(count.creativeId);
        if (owner?.campaign_id !== count.campaignId) {
          dropped += count.impressions + count.clicks;
          continue;
        }
        const row = {
          company_id: owner.company_id,
          campaign_id: count.campaignId,
          creative_id: count.creativeId,
          rule_id: count.ruleId,
          day: count.day,
          impressions: count.impressions,
          clicks: count.clicks,
        };
        if (count.tagId) tagRows.push({ ...row, tag_id: count.tagId });
        if (count.holdout) {
          // The control's views per creative and tag (0: none): a tag's and the untagged are kept apart.
          const { rule_id: _, ...held } = row;
          const key = `${row.creative_id}.${count.tagId ?? 0}.${row.day}`;
          const known = holdoutRows.get(key);
          if (known) {
            known.impressions = Number(known.impressions) + row.impressions;
            known.clicks = Number(known.clicks) + row.clicks;
          } else holdoutRows.set(key, { ...held, tag_id: count.tagId ?? 0 });
        }
        // One row per key in one upsert (PostgreSQL refuses to update a row twice in a statement).
        const key = `${row.creative_id}.${row.rule_id}.${row.day}`;
        const known = rows.get(key);
        if (known) {
          known.impressions = Number(known.impressions) + row.impressions;
          known.clicks = Number(known.clicks) + row.clicks;
        } else rows.set(key, row);
      }
      // One order for every writer, so instances flushing the same keys at once never deadlock.
      const sorted = [...rows.values()].sort(
        (a, b) => a.creative_id - b.creative_id || a.rule_id - b.rule_id || a.day.localeCompare(b.day),
      );
      await repository.addCounts(sorted, trx);
      tagRows.sort((a, b) => a.tag_id - b.tag_id || a.rule_id - b.rule_id || a.day.localeCompare(b.day));
      await repository.addTagCounts(tagRows, trx);
      await repository.addHoldoutCounts(
        [...holdoutRows.values()].sort(
          (a, b) => a.creative_id - b.creative_id || a.tag_id - b.tag_id || a.day.localeCompare(b.day),
        ),
        trx,
      );
      return { dropped };
    });
}
