/** Small figures shared by the benchmarks. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const seconds = (startedMs: number) => `${((performance.now() - startedMs) / 1000).toFixed(1)} s`;

/** Runs `once` until `maxRuns` samples or `maxMs` have passed (at least `minRuns`), after `warmUp` runs. */
export async function sampleMs(
  once: () => Promise<unknown>,
  { warmUp = 5, minRuns = 20, maxRuns = 200, maxMs = 750 } = {},
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await once();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < minRuns || (samples.length < maxRuns && performance.now() - started < maxMs)) {
    const t0 = performance.now();
    await once();
    samples.push(performance.now() - t0);
  }
  return samples;
}
