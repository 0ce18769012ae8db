import { STATUSES, type Status } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { type SeedScope, seededColumns, seedHistory } from '../audit';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

export const DEMO_ADVERTISERS = [
  ['Lumen Coffee', 'Winter Blend Launch'],
  ['Arcadia Motors', 'EV Test Drive Week'],
  ['Polar Bank', 'Mortgage Rates Spring'],
  ['Greenleaf Grocers', 'Weekly Deals Always-On'],
  ['Skyline Air', 'Summer Getaways'],
  ['Nordic Telecom', '5G Home Internet'],
  ['Harbor Insurance', 'Renew & Save'],
  ['Pixel Games', 'Season 4 Release'],
  ['Cedar Furniture', 'Black Friday Sofas'],
  ['Vita Pharmacy', 'Flu Shot Reminder'],
  ['Metro Transit', 'Night Lines Awareness'],
  ['Aurora Cinemas', 'Premiere Night'],
  ['Bright Energy', 'Switch & Save Solar'],
  ['Orchid Cosmetics', 'Holiday Gift Sets'],
  ['Summit Outdoor', 'Trail Running Collection'],
  ['Atlas Travel', 'City Breaks Retargeting'],
] as const;

export interface SeededCampaign {
  id: number;
  advertiser: string;
  site: string;
  status: Status;
}

const DAY_MS = 86_400_000;

/**
 * Demo campaigns in every status, each with the history that got it there. Their dates count from
 * the day of seeding (UTC): the first ones ended weeks ago, the middle ones run today, the last ones
 * start in the weeks ahead — the demo looks the same whenever it is installed (issue 47).
 */
export async function seedCampaigns(
  db: Executor,
  companyId: number,
  userId: number,
  today = new Date(),
): Promise<SeededCampaign[]> {
  const midnight = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  const day = (offset: number) => new Date(midnight + offset * DAY_MS).toISOString().slice(0, 10);
  const now = nowIso();
  const scope: SeedScope = { companyId, userId, entityType: 'campaign' };
  const seeded: SeededCampaign[] = [];
  const history = [];
  for (const [i, [advertiser, title]] of DEMO_ADVERTISERS.entries()) {
    const status = STATUSES[i % STATUSES.length]!;
    const start = -60 + i * 6;
    const launch = day(start);
    const end = day(start + 30 + (i % 3) * 15);
    const site = `https://${advertiser.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`;
    const fields = {
      name: `${advertiser} – ${title}`,
      url: `${site}/brief`,
      ranges: [{ start: launch, end }],
      launch_date: launch,
      end_date: end,
    };
    const row = await db
      .insertInto('campaigns')
      .values({ ...fields, ranges: JSON.stringify(fields.ranges), ...seededColumns(scope, status, now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    seeded.push({ id: row.id, advertiser, site, status });
    history.push({ entityId: row.id, fields, status, hoursAgo: 24 + i });
  }
  await seedHistory(db, scope, history);
  return seeded;
}
