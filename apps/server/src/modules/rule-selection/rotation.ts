import {
  EXPLORATION_FLOOR,
  EXPLORATION_IMPRESSIONS,
  type OptimizeGoal,
  type Rotation,
} from '@adstudio/contract';
import type { Random } from '../../lib/random';

/** A rule's figures as `optimized` learns from them: every view served so far. */
export interface RuleFigures {
  impressions: number;
  clicks: number;
  conversions: number;
}
const NO_FIGURES: RuleFigures = { impressions: 0, clicks: 0, conversions: 0 };

/** How a creative rotates, as a decision reads it. */
export interface RotationPlan {
  rotation: Rotation;
  goal: OptimizeGoal;
  /** `weighted`: each rule's weight (a rule without one gets none). */
  weights?: ReadonlyMap<number, number>;
}

/**
 * Gamma and Beta draws from `random`, exact: standard normals by Marsaglia's polar method (no
 * trigonometry, each accepted pair gives two draws: the second is kept for the next call) and
 * Gamma(shape, 1) by Marsaglia and Tsang (2000), shape < 1 by the boost of their §6. A decision
 * draws two Gammas per candidate: at ~28 candidates this is half of Box–Muller's cost.
 */
export function sampler(random: Random) {
  let spare = Number.NaN;
  const normal = () => {
    if (!Number.isNaN(spare)) {
      const kept = spare;
      spare = Number.NaN;
      return kept;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * random() - 1;
      v = 2 * random() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    spare = v * factor;
    return u * factor;
  };
  const gamma = (shape: number): number => {
    if (shape < 1) {
      let u = 0;
      while (u === 0) u = random();
      return gamma(shape + 1) * u ** (1 / shape);
    }
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = random();
      const xx = x * x;
      if (u < 1 - 0.0331 * xx * xx) return d * v;
      if (Math.log(u) < 0.5 * xx + d * (1 - v + Math.log(v))) return d * v;
    }
  };
  return {
    gamma,
    /** A Beta(a, b) draw. */
    beta(a: number, b: number): number {
      const x = gamma(a);
      return x / (x + gamma(b));
    },
  };
}

/** The successes `optimized` counts for a rule: clicks, or conversions (never more than its views). */
const successes = (figures: RuleFigures, goal: OptimizeGoal) =>
  Math.min(goal === 'conversions' ? figures.conversions : figures.clicks, figures.impressions);

/**
 * Thompson sampling among `candidates` (at least two): each rule's Beta(1 + successes, 1 +
 * impressions − successes) is drawn and the highest wins. Rules with fewer than
 * EXPLORATION_IMPRESSIONS views are first given their floor: with probability EXPLORATION_FLOOR
 * each (all of them together at most 1), one of them is served uniformly, so none falls below
 * EXPLORATION_FLOOR of the views they match until it has been seen enough.
 */
function thompson(
  candidates: readonly number[],
  goal: OptimizeGoal,
  figuresOf: (ruleId: number) => RuleFigures | undefined,
  random: Random,
): number {
  let young = 0;
  for (const id of candidates)
    if ((figuresOf(id) ?? NO_FIGURES).impressions < EXPLORATION_IMPRESSIONS) young++;
  if (young > 0) {
    const explore = Math.min(1, EXPLORATION_FLOOR * young);
    const draw = random();
    if (draw < explore) {
      // The k-th young candidate, in feed order.
      let k = Math.min(young - 1, Math.floor((draw / explore) * young));
      for (const id of candidates)
        if ((figuresOf(id) ?? NO_FIGURES).impressions < EXPLORATION_IMPRESSIONS && k-- === 0) return id;
    }
  }
  const { beta } = sampler(random);
  let best = candidates[0]!;
  let bestDraw = -1;
  for (const id of candidates) {
    const figures = figuresOf(id) ?? NO_FIGURES;
    const won = successes(figures, goal);
    const draw = beta(1 + won, 1 + figures.impressions - won);
    if (draw > bestDraw) {
      bestDraw = draw;
      best = id;
    }
  }
  return best;
}

/** A draw among `candidates` in proportion to their weights; undefined when none has a weight. */
function weighted(candidates: readonly number[], weights: ReadonlyMap<number, number>, random: Random) {
  let total = 0;
  for (const id of candidates) total += weights.get(id) ?? 0;
  if (total <= 0) return undefined;
  let left = random() * total;
  for (const id of candidates) {
    left -= weights.get(id) ?? 0;
    if (left < 0 && (weights.get(id) ?? 0) > 0) return id;
  }
  // Rounding: the last rule with a weight.
  return candidates.findLast((id) => (weights.get(id) ?? 0) > 0);
}

/**
 * The rule a view is served among the matching `candidates` (feed order, non-empty, the default
 * rule left out unless nothing else matched): the first for `rules`; for `weighted` the first too
 * when none of them has a weight.
 */
export function rotate(
  candidates: readonly number[],
  plan: RotationPlan,
  figuresOf: (ruleId: number) => RuleFigures | undefined,
  random: Random,
): number {
  const first = candidates[0]!;
  if (candidates.length === 1 || plan.rotation === 'rules') return first;
  if (plan.rotation === 'even') return candidates[Math.floor(random() * candidates.length)] ?? first;
  if (plan.rotation === 'weighted') return weighted(candidates, plan.weights ?? new Map(), random) ?? first;
  return thompson(candidates, plan.goal, figuresOf, random);
}

/** Draws used to estimate `optimized` shares (their error is below 1.5 points at 95 %). */
export const SHARE_DRAWS = 4000;

/**
 * Each candidate's share of the views `rotate` gives them: exact for `rules`, `even` and
 * `weighted`, estimated over SHARE_DRAWS draws for `optimized`.
 */
export function rotationShares(
  candidates: readonly number[],
  plan: RotationPlan,
  figuresOf: (ruleId: number) => RuleFigures | undefined,
  random: Random,
): Map<number, number> {
  const shares = new Map<number, number>(candidates.map((id) => [id, 0]));
  if (candidates.length === 0) return shares;
  const first = candidates[0]!;
  if (candidates.length === 1 || plan.rotation === 'rules') return shares.set(first, 1);
  if (plan.rotation === 'even') {
    for (const id of candidates) shares.set(id, 1 / candidates.length);
    return shares;
  }
  if (plan.rotation === 'weighted') {
    const weights = plan.weights ?? new Map<number, number>();
    const total = candidates.reduce((sum, id) => sum + (weights.get(id) ?? 0), 0);
    if (total <= 0) return shares.set(first, 1);
    for (const id of candidates) shares.set(id, (weights.get(id) ?? 0) / total);
    return shares;
  }
  for (let i = 0; i < SHARE_DRAWS; i++) {
    const id = thompson(candidates, plan.goal, figuresOf, random);
    shares.set(id, shares.get(id)! + 1 / SHARE_DRAWS);
  }
  return shares;
}

/** A feed column's value as a weight: a finite number above zero, else none. */
export function weightOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
