import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/random';
import { type RuleFigures, rotate, sampler } from './rotation';

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: ~15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** P(Beta(aB, bB) > Beta(aA, bA)) for a whole aB, exactly (Evan Miller's sum). */
function probabilityBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  for (let i = 0; i < aB; i++)
    total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - logBeta(aA, bA));
  return total;
}

describe('sampler', () => {
  it('draws Gamma and Beta with their means and variances, shapes below and above 1', () => {
    const { gamma, beta } = sampler(seededRandom(46));
    const n = 100_000;
    for (const shape of [0.4, 1, 3.5, 250]) {
      const draws = Array.from({ length: n }, () => gamma(shape));
      const mean = draws.reduce((s, x) => s + x, 0) / n;
      const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
      // Gamma(k, 1): mean k, variance k; the mean within 4 standard errors, the variance within 4 %.
      expect(Math.abs(mean - shape)).toBeLessThan(4 * Math.sqrt(shape / n));
      expect(Math.abs(variance / shape - 1)).toBeLessThan(0.04);
    }
    for (const [a, b] of [
      [1, 1],
      [21, 981],
      [2, 0.5],
    ] as const) {
      const draws = Array.from({ length: n }, () => beta(a, b));
      const mean = draws.reduce((s, x) => s + x, 0) / n;
      const expected = a / (a + b);
      const variance = (a * b) / ((a + b) ** 2 * (a + b + 1));
      expect(Math.abs(mean - expected)).toBeLessThan(4 * Math.sqrt(variance / n));
      expect(draws.every((x) => x >= 0 && x <= 1)).toBe(true);
    }
  });
});

describe('rotate (optimized)', () => {
  it('serves each of two seasoned rules as often as its posterior wins, the exact figure', () => {
    const figures = new Map<number, RuleFigures>([
      [1, { impressions: 1000, clicks: 20, conversions: 0 }],
      [2, { impressions: 1000, clicks: 28, conversions: 0 }],
    ]);
    const random = seededRandom(7);
    const n = 60_000;
    let second = 0;
    for (let i = 0; i < n; i++)
      if (rotate([1, 2], { rotation: 'optimized', goal: 'clicks' }, (id) => figures.get(id), random) === 2)
        second++;
    const exact = probabilityBBeatsA(21, 981, 29, 973);
    expect(exact).toBeGreaterThan(0.8);
    expect(exact).toBeLessThan(0.95);
    expect(Math.abs(second / n - exact)).toBeLessThan(4 * Math.sqrt((exact * (1 - exact)) / n));
  });
});
