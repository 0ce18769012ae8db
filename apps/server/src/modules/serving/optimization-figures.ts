import { OPTIMIZATION_REFRESH_SECONDS } from '@adstudio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RuleFigures } from '../rule-selection';

type Figures = ReadonlyMap<number, RuleFigures>;

interface Kept {
  figures: Figures;
  /** When the figures were read (ms); 0 while the first read runs. */
  readAt: number;
  reading?: Promise<Figures>;
}

interface Options {
  /** Each rule's figures of the creative, from the stats. */
  read(creativeId: number): Promise<Figures>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  refreshMs?: number;
  /** Creatives kept at most (the least recently read go first). */
  max?: number;
  now?: () => number;
}

const NONE: Figures = new Map();

/**
 * What `optimized` rotation learns from, per creative (issue 46): each rule's impressions, clicks
 * and conversions, read from the stats at most every OPTIMIZATION_REFRESH_SECONDS per instance. A
 * decision never waits for them: `of` answers what was read last (nothing before the first read,
 * which it starts) and starts a refresh in the background when that is older than the interval. So
 * the figures a decision uses are at most that old, plus the stats buffer's flush interval.
 */
export function createOptimizationFigures({
  read,
  log,
  refreshMs = OPTIMIZATION_REFRESH_SECONDS * 1000,
  max = 5000,
  now = Date.now,
}: Options) {
  const kept = new Map<number, Kept>();

  function refresh(creativeId: number, entry: Kept): Promise<Figures> {
    if (entry.reading) return entry.reading;
    const reading = read(creativeId).then(
      (figures) => {
        entry.figures = figures;
        entry.readAt = now();
        return figures;
      },
      (error: unknown) => {
        // Keep what was read before; the next decision past the interval tries again.
        entry.readAt = now();
        log.warn({ err: error, creativeId }, 'optimized rotation: reading figures failed');
        return entry.figures;
      },
    );
    entry.reading = reading;
    void reading.finally(() => {
      entry.reading = undefined;
    });
    return reading;
  }

  function entryOf(creativeId: number): Kept {
    let entry = kept.get(creativeId);
    if (!entry) {
      entry = { figures: NONE, readAt: 0 };
      kept.set(creativeId, entry);
      while (kept.size > max) kept.delete(kept.keys().next().value!);
    }
    return entry;
  }

  return {
    /** The creative's figures as last read, without waiting; a read starts when they are stale. */
    of(creativeId: number): Figures {
      const entry = entryOf(creativeId);
      if (!entry.reading && now() - entry.readAt >= refreshMs) void refresh(creativeId, entry);
      return entry.figures;
    },
    /** The same, waiting for the first read when there was none ("Try it", never a served view). */
    async current(creativeId: number): Promise<Figures> {
      const entry = entryOf(creativeId);
      if (entry.readAt === 0) return refresh(creativeId, entry);
      return this.of(creativeId);
    },
  };
}
export type OptimizationFigures = ReturnType<typeof createOptimizationFigures>;
