import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStatsBuffer, type StatsBufferOptions, type StatsCount } from './stats-buffer';

const VIEW = { campaignId: 1, creativeId: 2, ruleId: 3 };
const at = (iso: string) => () => new Date(iso);

/** A buffer whose writes land in `written` (one array per flush), or fail while `failing`. */
function setup(options: Partial<StatsBufferOptions> = {}) {
  const written: StatsCount[][] = [];
  const log = { warn: vi.fn(), error: vi.fn() };
  const state = { failing: false };
  const buffer = createStatsBuffer({
    write: async (counts) => {
      if (state.failing) throw new Error('database down');
      written.push(counts.map((count) => ({ ...count })));
      return { dropped: 0 };
    },
    log,
    intervalMs: 0,
    now: at('2026-11-20T23:59:59.999Z'),
    ...options,
  });
  return { buffer, written, log, state };
}

afterEach(() => vi.useRealTimers());

describe('createStatsBuffer', () => {
  it('sums hits per creative, rule and UTC day and writes them in one batch', async () => {
    let now = new Date('2026-11-20T23:59:59.999Z');
    const { buffer, written } = setup({ now: () => now });
    for (let i = 0; i < 5; i++) buffer.add(VIEW, 'impression');
    buffer.add(VIEW, 'click');
    buffer.add({ ...VIEW, ruleId: 0 }, 'impression');
    now = new Date('2026-11-21T00:00:00.000Z');
    buffer.add(VIEW, 'impression');
    expect(buffer.size).toBe(3);
    expect(written).toEqual([]);

    await buffer.flush();
    expect(written).toEqual([
      [
        { ...VIEW, day: '2026-11-20', impressions: 5, clicks: 1 },
        { ...VIEW, ruleId: 0, day: '2026-11-20', impressions: 1, clicks: 0 },
        { ...VIEW, day: '2026-11-21', impressions: 1, clicks: 0 },
      ],
    ]);
    expect(buffer.size).toBe(0);
    await buffer.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const { buffer, written, log, state } = setup();
    buffer.add(VIEW, 'impression');
    state.failing = true;
    await buffer.flush();
    expect(log.error).toHaveBeenCalledOnce();
    buffer.add(VIEW, 'impression');
    buffer.add(VIEW, 'click');
    state.failing = false;
    await buffer.flush();
    expect(written).toEqual([[{ ...VIEW, day: '2026-11-20', impressions: 2, clicks: 1 }]]);
  });

  it('drops hits with a warning beyond its cap while flushes fail', async () => {
    const { buffer, written, log, state } = setup({ maxKeys: 2 });
    state.failing = true;
    for (const creativeId of [1, 2, 3, 4]) buffer.add({ ...VIEW, creativeId }, 'impression');
    // Known keys still count.
    buffer.add({ ...VIEW, creativeId: 1 }, 'impression');
    expect(buffer.size).toBe(2);
    expect(log.warn).toHaveBeenCalledOnce();
    await buffer.flush();
    state.failing = false;
    await buffer.flush();
    expect(written[0]!.map((count) => [count.creativeId, count.impressions])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(log.warn).toHaveBeenLastCalledWith({ dropped: 2 }, expect.stringContaining('dropped'));
  });

  it('flushes at once when more keys than the threshold wait, one flush at a time', async () => {
    let release = () => {};
    const batches: number[] = [];
    const buffer = createStatsBuffer({
      write: async (counts) => {
        batches.push(counts.length);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { dropped: 0 };
      },
      log: { warn: vi.fn(), error: vi.fn() },
      intervalMs: 0,
      flushAtKeys: 3,
    });
    for (let creativeId = 1; creativeId <= 4; creativeId++) buffer.add({ ...VIEW, creativeId }, 'impression');
    expect(batches).toEqual([4]);
    // While it writes, more keys wait; they go in the next flush, once this one is done.
    for (let creativeId = 5; creativeId <= 9; creativeId++) buffer.add({ ...VIEW, creativeId }, 'impression');
    expect(batches).toEqual([4]);
    release();
    await vi.waitFor(() => expect(batches).toEqual([4, 5]));
    release();
    await buffer.flush();
    expect(buffer.size).toBe(0);
  });

  it('flushes on its interval and on close', async () => {
    vi.useFakeTimers();
    const { buffer, written } = setup({ intervalMs: 2000 });
    buffer.add(VIEW, 'impression');
    await vi.advanceTimersByTimeAsync(1999);
    expect(written).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toHaveLength(1);
    buffer.add(VIEW, 'click');
    await buffer.close();
    expect(written).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(written).toHaveLength(2);
  });
});
