import { z } from 'zod';

/**
 * The lift a holdout measures (issue 46, docs/decisions/0137): the dynamic views' rate minus the
 * static control's, with the 95 % interval of the difference by Newcombe's hybrid score method
 * (Newcombe 1998, method 10: Wilson score intervals of each proportion, combined). It behaves
 * where the Wald interval does not: small counts, rates near 0 — which click-through rates are.
 */
export const LiftIntervalSchema = z.object({
  /** Dynamic rate minus control rate (fractions: 0.0012 is 0.12 points). */
  difference: z.number(),
  low: z.number(),
  high: z.number(),
  /** The interval excludes 0. */
  significant: z.boolean(),
});
export type LiftInterval = z.infer<typeof LiftIntervalSchema>;

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** The Wilson score interval of x successes in n trials. */
export function wilson(x: number, n: number, z = Z95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = x / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

/**
 * Newcombe's interval of p1 − p2 (x1 of n1 against x2 of n2); null when either arm has no trials.
 */
export function newcombe(x1: number, n1: number, x2: number, n2: number, z = Z95): LiftInterval | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const a = wilson(x1, n1, z);
  const b = wilson(x2, n2, z);
  const difference = p1 - p2;
  const low = difference - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2);
  const high = difference + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2);
  return { difference, low, high, significant: low > 0 || high < 0 };
}

/** A rate difference in percentage points, as the report writes it: `+0.42 pt`. */
export const points = (fraction: number) =>
  `${fraction >= 0 ? '+' : '−'}${Math.abs(fraction * 100).toFixed(2)} pt`;

/** The lift in words: what the report says of a creative's or tag's holdout. */
export function liftSentence(metric: 'CTR' | 'CVR', lift: LiftInterval | null): string {
  if (!lift) return `Not enough views in both arms to compare ${metric} yet.`;
  const range = `95 % CI ${points(lift.low)} to ${points(lift.high)}`;
  if (!lift.significant)
    return `No significant ${metric} lift: ${points(lift.difference)} (${range} includes 0).`;
  return lift.difference > 0
    ? `Significant ${metric} lift: the dynamic views beat the control by ${points(lift.difference)} (${range}).`
    : `Significant ${metric} loss: the dynamic views trail the control by ${(Math.abs(lift.difference) * 100).toFixed(2)} pt (${range}).`;
}
