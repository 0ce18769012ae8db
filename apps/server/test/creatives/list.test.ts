import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let client: Client;
let companyId: number;
const ids: Record<string, number> = {};

/**
 * One company of its own (so counts are exact): two campaigns with creatives of several sizes and
 * statuses, a deleted creative and one whose campaign is deleted.
 */
beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Lists');
  client = await t.injectAs(await t.createUser({ companyId, permissions: ['edit creatives'] }));
  const alpha = await insertCampaign(t.db, { companyId, name: 'alpha', launchDate: '2026-03-01' });
  await t.db.updateTable('campaigns').set({ end_date: '2026-03-31' }).where('id', '=', alpha).execute();
  const beta = await insertCampaign(t.db, { companyId, name: 'Beta', launchDate: '2026-05-01' });
  const gone = await insertCampaign(t.db, { companyId, name: 'Gone', deleted: true });
  ids.alpha = alpha;
  ids.beta = beta;
  const add = async (key: string, c: Parameters<typeof insertCreative>[1]) => {
    ids[key] = await insertCreative(t.db, c);
  };
  await add('leader', {
    companyId,
    campaignId: alpha,
    name: 'Leaderboard',
    width: 728,
    height: 90,
    status: 'live',
  });
  await add('mrec', { companyId, campaignId: beta, name: 'mrec', width: 300, height: 250, status: 'ready' });
  await add('half', { companyId, campaignId: alpha, name: 'Half page', width: 300, height: 600 });
  await add('mobile', {
    companyId,
    campaignId: beta,
    name: 'Mobile',
    width: 320,
    height: 50,
    status: 'testing',
  });
  await add('binned', { companyId, campaignId: alpha, name: 'Binned', deleted: true });
  await add('orphan', { companyId, campaignId: gone, name: 'Orphan' });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await client.get(`/v1/creatives?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; name: string; campaign: { name: string } }[];
    meta: { total: number };
  };
};
const names = async (query: string) => (await list(query)).data.map((c) => c.name);

describe('GET /v1/creatives', () => {
  it('answers the collection, newest change first, with the campaign name and status', async () => {
    const page = await list('items-per-page=2');
    expect(page.meta.total).toBe(5);
    expect(page.data.map((c) => c.name)).toEqual(['Orphan', 'Mobile']);
    expect(page.data[1]!.campaign).toEqual({ id: ids.beta, name: 'Beta', status: 'draft' });
  });

  it.each([
    ['sort-by=name', ['Half page', 'Leaderboard', 'Mobile', 'mrec', 'Orphan']],
    ['sort-by=name&sort-order=desc', ['Orphan', 'mrec', 'Mobile', 'Leaderboard', 'Half page']],
    ['sort-by=campaign', ['Leaderboard', 'Half page', 'mrec', 'Mobile', 'Orphan']],
    // 300x250 < 300x600 < 320x50 < 728x90: width, then height; ties by id.
    ['sort-by=size', ['mrec', 'Orphan', 'Half page', 'Mobile', 'Leaderboard']],
    // As stored: draft < live < ready < testing.
    ['sort-by=status', ['Half page', 'Orphan', 'Leaderboard', 'mrec', 'Mobile']],
    ['sort-by=created_at', ['Leaderboard', 'mrec', 'Half page', 'Mobile', 'Orphan']],
    ['sort-by=updated_at&sort-order=desc', ['Orphan', 'Mobile', 'Half page', 'mrec', 'Leaderboard']],
  ])('sorts: %s', async (query, expected) => {
    expect(await names(`${query}&items-per-page=-1`)).toEqual(expected);
  });

  it.each([
    ['filter=MOB', ['Mobile']],
    ['filter=e', ['Mobile', 'Half page', 'mrec', 'Leaderboard']],
    ['status=live,ready', ['mrec', 'Leaderboard']],
    ['status=testing', ['Mobile']],
    ['size=300x250', ['Orphan', 'mrec']],
    ['size=300x600', ['Half page']],
    ['date=2026-03-15', ['Half page', 'Leaderboard']],
    ['date=2026-06-01', ['Mobile', 'mrec']],
    ['date=2026-01-01', []],
    ['deleted=1', ['Binned']],
    ['deleted=0&status=draft', ['Orphan', 'Half page']],
  ])('filters: %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by campaign, combined with other filters', async () => {
    expect(await names(`campaign_id=${ids.alpha}`)).toEqual(['Half page', 'Leaderboard']);
    expect(await names(`campaign_id=${ids.alpha}&status=live`)).toEqual(['Leaderboard']);
    expect(await names(`campaign_id=${ids.alpha}&deleted=1`)).toEqual(['Binned']);
    expect(await names('campaign_id=999999')).toEqual([]);
  });

  it('lists deleted creatives newest deletion first', async () => {
    const second = await insertCreative(t.db, {
      companyId,
      campaignId: ids.beta!,
      name: 'Binned later',
      deleted: true,
    });
    expect(await names('deleted=1')).toEqual(['Binned later', 'Binned']);
    await t.db.deleteFrom('creatives').where('id', '=', second).execute();
  });

  it.each([
    ['size=300', 'size', 'The size field must look like 300x250.'],
    ['status=live,archived', 'status', 'The selected status is invalid.'],
    ['deleted=yes', 'deleted', 'The deleted field must be true or false.'],
    ['campaign_id=-1', 'campaign_id', 'The campaign_id field must be an integer.'],
    ['sort-by=width', 'sort-by', 'The selected sort-by is invalid.'],
  ])('refuses %s', async (query, field, message) => {
    const res = await client.get(`/v1/creatives?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(Object.keys(res.json().errors)[0]?.split('.')[0]).toBe(field);
  });
});
