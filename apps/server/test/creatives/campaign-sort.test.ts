import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaigns } from '../rows';

/**
 * Creatives sorted by campaign walk a key each creative carries (its campaign's name in lower
 * case), kept by triggers: the order must follow renames and moves made through the API and
 * straight in the database alike. Names differ in their letters, so any collation orders them alike.
 */
let t: TestApp;
let client: Client;
let companyId: number;
let campaignIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Sorted by campaign');
  client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
  campaignIds = await insertCampaigns(
    t.db,
    ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo'].map((name) => ({ companyId, name })),
  );
  await t.db
    .insertInto('creatives')
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        company_id: companyId,
        campaign_id: campaignIds[(i * 7) % 5]!,
        name: `Creative ${i}`,
        width: 300,
        height: 250,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .execute();
});
afterAll(() => t.close());

/** The list sorted by campaign, as [campaign name, creative id], read 10 at a time (up to 50). */
async function listed(order: 'asc' | 'desc') {
  const rows: [string, number][] = [];
  for (let page = 1; page <= 5; page++) {
    const res = await client.get(
      `/v1/creatives/?sort-by=campaign&sort-order=${order}&items-per-page=10&page=${page}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const row of res.json().data as { id: number; campaign: { name: string } }[])
      rows.push([row.campaign.name, row.id]);
  }
  return rows;
}

/** The same order computed here from the campaigns' current names. */
async function expected(order: 'asc' | 'desc') {
  const rows = await t.db
    .selectFrom('creatives')
    .innerJoin('campaigns', 'campaigns.id', 'creatives.campaign_id')
    .select(['campaigns.name', 'campaigns.id as campaignId', 'creatives.id'])
    .where('creatives.company_id', '=', companyId)
    .execute();
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .sort(
      (a, b) =>
        sign * a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en') ||
        sign * (a.campaignId - b.campaignId) ||
        sign * (a.id - b.id),
    )
    .map((row) => [row.name, row.id]);
}

async function expectSorted() {
  for (const order of ['asc', 'desc'] as const)
    expect(await listed(order), order).toEqual(await expected(order));
}

describe('creatives sorted by campaign', () => {
  it('follow their campaigns’ names as written', async () => {
    expect((await listed('asc')).map(([name]) => name).slice(0, 1)).toEqual(['alpha']);
    await expectSorted();
  });

  it('follow a rename through the API and one made in the database', async () => {
    const delta = (await client.get(`/v1/campaigns/${campaignIds[0]}`)).json().data;
    const res = await client.put(`/v1/campaigns/${delta.id}`, {
      name: 'Aardvark',
      updated_at: delta.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed('asc'))[0]?.[0]).toBe('Aardvark');
    await expectSorted();
    await t.db.updateTable('campaigns').set({ name: 'zulu' }).where('id', '=', campaignIds[1]!).execute();
    expect((await listed('desc'))[0]?.[0]).toBe('zulu');
    await expectSorted();
  });

  it('follow a creative moved to another campaign, and new creatives', async () => {
    const [moved] = await t.db
      .selectFrom('creatives')
      .select('id')
      .where('campaign_id', '=', campaignIds[2]!)
      .limit(1)
      .execute();
    await t.db
      .updateTable('creatives')
      .set({ campaign_id: campaignIds[4]! })
      .where('id', '=', moved!.id)
      .execute();
    const created = await client.post('/v1/creatives', {
      campaign_id: campaignIds[3],
      name: 'Created through the API',
      width: 300,
      height: 250,
    });
    expect(created.statusCode, created.body).toBe(201);
    await expectSorted();
  });
});
