/** Small helpers shared by the benchmarks. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;

export function summary(label: string, samples: number[]) {
  return `${label.padEnd(44)} p50 ${ms(percentile(samples, 50)).padStart(10)}   p99 ${ms(percentile(samples, 99)).padStart(10)}   (n=${samples.length})`;
}
