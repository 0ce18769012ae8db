import type { Status } from '@adstudio/contract';
import type { Db } from '../../db/database';
import { seededRandom } from '../../lib/random';
import { seedServedRuleIds } from '../profiles';
import { createTrackingRepository, type StatsDailyRow } from './tracking.repository';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

/** Days of stats the demo holds, ending yesterday (UTC). */
export const SEEDED_DAYS = 60;
/** Campaigns that have been on air. */
export const SEEDED_STATUSES: readonly Status[] = ['live', 'delivered', 'finished'];
/** Share of a day's impressions, Sunday first: audiences browse less at weekends. */
const WEEKDAY = [0.78, 0.96, 1.03, 1.05, 1.04, 0.99, 0.8];
/** Daily click-through rates stay within these (0.08 % – 0.6 %, display ads' usual range). */
const CTR_MIN = 0.0008;
const CTR_MAX = 0.006;
const DAY_MS = 86_400_000;

/** Centred noise in [-spread, spread], more often near 0 (the sum of two uniforms). */
const noise = (random: () => number, spread: number) => (random() + random() - 1) * spread;

/** Splits a whole `total` in proportion to `weights` (largest remainders), so the parts add up. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (sum > 0 ? (total * weight) / sum : 0));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, i) => [value - parts[i]!, i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    parts[i]!++;
  }
  return parts;
}

/**
 * 60 days of believable daily stats, ending yesterday, for the creatives of campaigns that have
 * been on air: per creative a base volume of a few thousand impressions a day, a weekday pattern,
 * a gentle trend and noise, and a click-through rate of its own; a feed-driven creative's figures
 * are split over the active rules it serves (its rule filter), unevenly, as real feeds are.
 */
export async function seedStats(db: Db, companyId: number, now = new Date()): Promise<void> {
  const creatives = await db
    .selectFrom('creatives')
    .innerJoin('campaigns', 'campaigns.id', 'creatives.campaign_id')
    .select(['creatives.id', 'creatives.campaign_id', 'creatives.profile_id', 'creatives.rule_filter'])
    .where('creatives.company_id', '=', companyId)
    .where('creatives.deleted_at', 'is', null)
    .where('campaigns.deleted_at', 'is', null)
    .where('campaigns.status', 'in', [...SEEDED_STATUSES])
    .orderBy('creatives.id')
    .execute();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const days = Array.from({ length: SEEDED_DAYS }, (_, i) => new Date(today - (SEEDED_DAYS - i) * DAY_MS));

  const rows: StatsDailyRow[] = [];
  for (const [n, creative] of creatives.entries()) {
    const random = seededRandom(companyId * 7919 + n + 1);
    const base = 1800 + random() * 5200;
    const ctr = 0.001 + random() * 0.0035;
    // Up to ±15 % over the 60 days, rising more often than falling.
    const slope = (random() - 0.4) * 0.005;
    const ruleIds = creative.profile_id
      ? await seedServedRuleIds(db, creative.profile_id, creative.rule_filter)
      : [];
    // The feed's first rules (its defaults, its best sellers) get more of the traffic.
    const weights = ruleIds.length === 0 ? [1] : ruleIds.map((_, i) => (0.5 + random()) / (1 + i * 0.15));

    for (const [i, day] of days.entries()) {
      const trend = 1 + slope * (i - SEEDED_DAYS / 2);
      const impressions = Math.round(base * WEEKDAY[day.getUTCDay()]! * trend * (1 + noise(random, 0.12)));
      const dayCtr = Math.min(CTR_MAX, Math.max(CTR_MIN, ctr * (1 + noise(random, 0.3))));
      const shares = apportion(
        impressions,
        weights.map((weight) => weight * (1 + noise(random, 0.1))),
      );
      const clicks = apportion(Math.round(impressions * dayCtr), shares);
      for (const [r, share] of shares.entries()) {
        if (share === 0) continue;
        rows.push({
          company_id: companyId,
          campaign_id: creative.campaign_id,
          creative_id: creative.id,
          rule_id: ruleIds[r] ?? 0,
          day: day.toISOString().slice(0, 10),
          impressions: share,
          clicks: Math.min(share, clicks[r]!),
        });
      }
    }
  }
  await createTrackingRepository(db).addCounts(rows);
}
