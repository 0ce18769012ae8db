import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/cli/seed-demo';
import { SEEDED_STATUSES, seedStats } from '../../src/modules/tracking/stats.seed';
import { buildTestApp, diskOf, type TestApp } from '../helper';

let t: TestApp;
let company: number;

beforeAll(async () => {
  t = await buildTestApp();
  company = await t.createCompany('Demo');
  const admin = await t.createUser({ companyId: company, roles: ['admin'] });
  await seedDemoData(t.db, company, admin.id, diskOf(t.app), t.app.config.appUrl);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('seedStats', () => {
  it('gives the demo 60 days of stats ending yesterday, for creatives of campaigns that were on air', async () => {
    const rows = await t.db.selectFrom('stats_daily').selectAll().where('company_id', '=', company).execute();
    const days = [...new Set(rows.map((row) => row.day))].sort();
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    expect(days).toHaveLength(60);
    expect(days[0]).toBe(isoDay(today - 60 * DAY_MS));
    expect(days.at(-1)).toBe(isoDay(today - DAY_MS));

    const creatives = await t.db
      .selectFrom('creatives')
      .innerJoin('campaigns', 'campaigns.id', 'creatives.campaign_id')
      .select(['creatives.id', 'creatives.campaign_id', 'creatives.profile_id', 'campaigns.status'])
      .where('creatives.company_id', '=', company)
      .execute();
    const byId = new Map(creatives.map((creative) => [creative.id, creative]));
    const onAir = creatives.filter((creative) => SEEDED_STATUSES.includes(creative.status));
    expect(new Set(rows.map((row) => row.creative_id))).toEqual(
      new Set(onAir.map((creative) => creative.id)),
    );
    for (const row of rows) expect(row.campaign_id).toBe(byId.get(row.creative_id)!.campaign_id);
  });

  it('has believable volumes and click-through rates', async () => {
    const totals = await t.db
      .selectFrom('stats_daily')
      .select(['creative_id', 'day'])
      .select((eb) => [
        eb.fn.sum<number>('impressions').as('impressions'),
        eb.fn.sum<number>('clicks').as('clicks'),
      ])
      .where('company_id', '=', company)
      .groupBy(['creative_id', 'day'])
      .execute();
    for (const total of totals) {
      const [impressions, clicks] = [Number(total.impressions), Number(total.clicks)];
      expect(impressions).toBeGreaterThan(800);
      expect(impressions).toBeLessThan(12_000);
      // Rounding a few clicks moves a day's rate a little beyond the seed's 0.08 %–0.6 %.
      expect(clicks / impressions).toBeGreaterThanOrEqual(0.0005);
      expect(clicks / impressions).toBeLessThanOrEqual(0.0065);
    }
    const perCreative = new Map<number, { impressions: number; clicks: number }>();
    for (const total of totals) {
      const sum = perCreative.get(total.creative_id) ?? { impressions: 0, clicks: 0 };
      sum.impressions += Number(total.impressions);
      sum.clicks += Number(total.clicks);
      perCreative.set(total.creative_id, sum);
    }
    const ctrs = [...perCreative.values()].map((sum) => sum.clicks / sum.impressions);
    for (const ctr of ctrs) {
      expect(ctr).toBeGreaterThanOrEqual(0.0008);
      expect(ctr).toBeLessThanOrEqual(0.006);
    }
    // Creatives differ from each other.
    expect(Math.max(...ctrs) / Math.min(...ctrs)).toBeGreaterThan(1.5);
  });

  it('splits a feed-driven creative over the active rules it serves, others on rule 0', async () => {
    const rows = await t.db
      .selectFrom('stats_daily')
      .innerJoin('creatives', 'creatives.id', 'stats_daily.creative_id')
      .leftJoin('profile_rules', 'profile_rules.id', 'stats_daily.rule_id')
      .select([
        'stats_daily.creative_id',
        'stats_daily.rule_id',
        'creatives.profile_id',
        'creatives.rule_filter',
        'profile_rules.profile_id as rule_profile_id',
        'profile_rules.active',
        'profile_rules.data',
      ])
      .where('stats_daily.company_id', '=', company)
      .execute();
    let split = 0;
    for (const row of rows) {
      if (row.rule_id === 0) continue;
      split++;
      expect(row.rule_profile_id).toBe(row.profile_id);
      expect(row.active).toBe(1);
      if (row.rule_filter) {
        const filter = JSON.parse(row.rule_filter) as { column: string; values: string[] };
        expect(filter.values).toContain(String(JSON.parse(row.data!)[filter.column]));
      }
    }
    expect(split).toBeGreaterThan(0);
    // Feed-driven creatives use several rules.
    const rulesPerCreative = new Map<number, Set<number>>();
    for (const row of rows.filter((r) => r.rule_id !== 0))
      rulesPerCreative.set(
        row.creative_id,
        (rulesPerCreative.get(row.creative_id) ?? new Set()).add(row.rule_id),
      );
    expect(Math.max(...[...rulesPerCreative.values()].map((ids) => ids.size))).toBeGreaterThan(1);
  });

  it('is the same on every seed', async () => {
    const read = (companyId: number) =>
      t.db
        .selectFrom('stats_daily')
        .select(['day', 'impressions', 'clicks'])
        .where('company_id', '=', companyId)
        .orderBy('creative_id')
        .orderBy('rule_id')
        .orderBy('day')
        .execute();
    const before = await read(company);
    // Seeding again adds to the same rows: every figure doubles.
    await seedStats(t.db, company);
    const after = await read(company);
    expect(after).toEqual(
      before.map((row) => ({ ...row, impressions: row.impressions * 2, clicks: row.clicks * 2 })),
    );
  });
});
