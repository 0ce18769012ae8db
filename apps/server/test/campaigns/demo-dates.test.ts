import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCampaigns } from '../../src/modules/campaigns/campaigns.seed';
import { buildTestApp, type TestApp } from '../helper';

/**
 * Demo data that stays alive (issue 47): the seeded campaigns' dates count from the day of seeding,
 * so whenever the demo is installed some campaigns run today, some have ended and some are ahead.
 */
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const companyId = await t.createCompany('Demo dates');
  userId = (await t.createUser({ companyId, roles: ['admin'] })).id;
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function seededOn(today: Date) {
  const companyId = await t.createCompany(`Demo ${today.toISOString()}`);
  const seeded = await t.db.transaction().execute((trx) => seedCampaigns(trx, companyId, userId, today));
  return t.db
    .selectFrom('campaigns')
    .select(['id', 'launch_date', 'end_date'])
    .where(
      'id',
      'in',
      seeded.map((campaign) => campaign.id),
    )
    .orderBy('id')
    .execute();
}

describe('the demo campaigns', () => {
  it('run, have ended and are ahead, counted from the day they are seeded', async () => {
    for (const today of [new Date('2027-06-15T23:30:00Z'), new Date('2031-01-02T00:10:00Z')]) {
      const day = isoDay(today.getTime());
      const rows = await seededOn(today);
      const ended = rows.filter((row) => row.end_date! < day);
      const running = rows.filter((row) => row.launch_date! <= day && day <= row.end_date!);
      const ahead = rows.filter((row) => row.launch_date! > day);
      expect(ended.length).toBeGreaterThanOrEqual(2);
      expect(running.length).toBeGreaterThanOrEqual(4);
      expect(ahead.length).toBeGreaterThanOrEqual(2);
      // The earliest launch is 60 days before the day of seeding, whatever that day is.
      expect(rows[0]!.launch_date).toBe(isoDay(Date.parse(day) - 60 * DAY_MS));
    }
  });
});
