import type { Campaign } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCampaigns } from '../../src/modules/campaigns/campaigns.seed';
import { buildTestApp, type Client, type TestApp } from '../helper';

/**
 * The duration sort (migration 2026-11-28-1000): whole days from launch to end, as the web's Duration
 * column counts them, empty without both dates and last both ways. The database derives it from the
 * dates, so every way a campaign's dates are written keeps it: create, update, clone, restore, seed.
 */
let t: TestApp;
let client: Client;
let companyId: number;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Durations');
  const admin = await t.createUser({ companyId, roles: ['admin'] });
  userId = admin.id;
  client = await t.injectAs(admin);
});
afterAll(() => t.close());

type Dates = Pick<Campaign, 'launch_date' | 'end_date'>;

/** What the web's `campaignDays` shows: end − launch in whole days; null without both dates. */
const durationOf = ({ launch_date, end_date }: Dates) =>
  launch_date && end_date ? (Date.parse(end_date) - Date.parse(launch_date)) / 86_400_000 : null;

/** The company's campaigns as the list answers them, in one order. */
const listed = async (query: string): Promise<Campaign[]> => {
  const res = await client.get(`/v1/campaigns/?items-per-page=-1&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The order the contract promises, from the rows themselves: by duration, empty last, then id. */
const expectedOrder = (rows: readonly Campaign[], order: 'asc' | 'desc') => {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [durationOf(a), durationOf(b)];
      if (x === null || y === null) return x === y ? sign * (a.id - b.id) : x === null ? 1 : -1;
      return sign * (x - y || a.id - b.id);
    })
    .map((row) => row.id);
};

/** Both orders by duration match the rows' own dates; answers the ascending ids. */
async function checkOrder(): Promise<number[]> {
  const rows = await listed('sort-by=duration');
  const asc = rows.map((row) => row.id);
  expect(asc).toEqual(expectedOrder(rows, 'asc'));
  const desc = (await listed('sort-by=duration&sort-order=desc')).map((row) => row.id);
  expect(desc).toEqual(expectedOrder(rows, 'desc'));
  return asc;
}

/** The stored column, which the API does not show, agrees with the dates. */
async function checkStored() {
  const rows = await t.db
    .selectFrom('campaigns')
    .select(['id', 'launch_date', 'end_date', 'duration'])
    .where('company_id', '=', companyId)
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect({ id: row.id, duration: row.duration }).toEqual({ id: row.id, duration: durationOf(row) });
}

let seq = 0;
const create = async (launch_date: string | null, end_date: string | null): Promise<Campaign> => {
  const res = await client.post('/v1/campaigns', { name: `Duration ${++seq}`, launch_date, end_date });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

const put = async (campaign: Campaign, dates: Partial<Dates>): Promise<Campaign> => {
  const res = await client.put(`/v1/campaigns/${campaign.id}`, { ...dates, updated_at: campaign.updated_at });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('sort-by=duration', () => {
  const campaigns: Record<string, Campaign> = {};

  it('orders campaigns created through the API by their whole days, empty last both ways', async () => {
    campaigns.month = await create('2026-01-01', '2026-01-31'); // 30
    campaigns.sameDay = await create('2026-05-05', '2026-05-05'); // 0
    campaigns.leap = await create('2028-02-10', '2028-03-21'); // 40, across 29 February
    campaigns.year = await create('2026-12-31', '2027-12-31'); // 365, across a year's end
    campaigns.dst = await create('2026-03-28', '2026-03-30'); // 2, across a clock change
    campaigns.alsoMonth = await create('2026-07-01', '2026-07-31'); // 30: a tie the id breaks
    campaigns.open = await create('2026-02-01', null);
    campaigns.endOnly = await create(null, '2026-02-01');
    campaigns.none = await create(null, null);
    const durations = Object.values(campaigns).map(durationOf);
    expect(durations).toEqual([30, 0, 40, 365, 2, 30, null, null, null]);
    await checkStored();
    const asc = await checkOrder();
    expect(asc.slice(0, 2)).toEqual([campaigns.sameDay!.id, campaigns.dst!.id]);
    expect(asc.slice(-3)).toEqual([campaigns.open!.id, campaigns.endOnly!.id, campaigns.none!.id]);
  });

  it('moves a campaign when an update changes its dates', async () => {
    const position = async (id: number) => (await checkOrder()).indexOf(id);
    const first = await position(campaigns.sameDay!.id);
    expect(first).toBe(0);

    // 0 → 500 days: from first to the last of the dated ones.
    campaigns.sameDay = await put(campaigns.sameDay!, { end_date: '2027-09-17' });
    expect(durationOf(campaigns.sameDay)).toBe(500);
    const later = await position(campaigns.sameDay.id);
    expect(later).toBeGreaterThan(first);
    expect(later).toBe((await listed('sort-by=duration')).filter((c) => durationOf(c) !== null).length - 1);

    // An open campaign gets its end: from the empty ones into the order.
    const open = await position(campaigns.open!.id);
    campaigns.open = await put(campaigns.open!, { end_date: '2026-02-02' });
    expect(await position(campaigns.open.id)).toBeLessThan(open);
    expect(await position(campaigns.open.id)).toBe(0);

    // Losing a date empties the duration: last, among the empty ones.
    const year = await position(campaigns.year!.id);
    campaigns.year = await put(campaigns.year!, { launch_date: null });
    expect(await position(campaigns.year.id)).toBeGreaterThan(year);
    expect(durationOf(campaigns.year)).toBeNull();
    await checkStored();
  });

  it('keeps it for a clone, a deleted and restored campaign and bulk actions', async () => {
    const res = await client.post(`/v1/campaigns/${campaigns.leap!.id}/clone`);
    expect(res.statusCode, res.body).toBe(201);
    const clone: Campaign = res.json().data;
    expect(durationOf(clone)).toBe(40);
    const asc = await checkOrder();
    // Same duration: side by side, the older id first.
    expect(asc.indexOf(clone.id)).toBe(asc.indexOf(campaigns.leap!.id) + 1);

    expect((await client.delete(`/v1/campaigns/${campaigns.leap!.id}`)).statusCode).toBe(204);
    expect(await checkOrder()).not.toContain(campaigns.leap!.id);
    expect((await listed('deleted=1&sort-by=duration')).map((c) => c.id)).toEqual([campaigns.leap!.id]);
    expect((await client.post(`/v1/campaigns/${campaigns.leap!.id}/restore`)).statusCode).toBe(200);
    expect(await checkOrder()).toEqual(asc);

    const ids = [campaigns.month!.id, clone.id];
    expect((await client.post('/v1/campaigns/bulk', { action: 'delete', ids })).statusCode).toBe(200);
    expect(await checkOrder()).toEqual(asc.filter((id) => !ids.includes(id)));
    expect((await client.post('/v1/campaigns/bulk', { action: 'restore', ids })).statusCode).toBe(200);
    expect(await checkOrder()).toEqual(asc);
    await checkStored();
  });

  it('keeps it for the demo campaigns the seed writes straight into the table', async () => {
    await t.db.transaction().execute((trx) => seedCampaigns(trx, companyId, userId));
    const rows = await listed('sort-by=duration');
    expect(rows.filter((row) => row.name.includes('–')).map(durationOf)).toEqual(
      expect.arrayContaining([30, 45, 60]),
    );
    await checkStored();
    await checkOrder();
  });
});
