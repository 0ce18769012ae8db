import type { Asset, AssetCampaignSummary } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCreative, stamp } from '../rows';

let t: TestApp;
let editor: Client;
let qa: Client;
let companyId: number;
const ids: Record<string, number> = {};

/**
 * A company of its own (so totals are exact): campaign Alpha with two creatives, Beta with one live
 * and one deleted creative, Empty without creatives and a deleted campaign; assets of every kind,
 * one deleted, one of a deleted creative; and another company's assets, never listed.
 */
beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Asset lists');
  editor = await t.injectAs(await t.createUser({ companyId, permissions: ['edit assets'] }));
  qa = await t.injectAs(await t.createUser({ companyId, permissions: ['qa'] }));
  ids.alpha = await insertCampaign(t.db, { companyId, name: 'Alpha launch' });
  ids.beta = await insertCampaign(t.db, { companyId, name: 'beta teaser' });
  ids.empty = await insertCampaign(t.db, { companyId, name: 'Empty' });
  ids.gone = await insertCampaign(t.db, { companyId, name: 'Gone', deleted: true });
  ids.a1 = await insertCreative(t.db, { companyId, campaignId: ids.alpha, name: 'A1' });
  ids.a2 = await insertCreative(t.db, { companyId, campaignId: ids.alpha, name: 'A2' });
  ids.b1 = await insertCreative(t.db, { companyId, campaignId: ids.beta, name: 'B1' });
  ids.bGone = await insertCreative(t.db, { companyId, campaignId: ids.beta, name: 'B gone', deleted: true });
  ids.g1 = await insertCreative(t.db, { companyId, campaignId: ids.gone, name: 'G1' });

  const add = async (key: string, c: Omit<Parameters<typeof insertAsset>[1], 'companyId'>) => {
    ids[key] = await insertAsset(t.db, { companyId, thumbnail_key: null, ...c });
  };
  const png = (name: string, creativeId: number, size: number) => ({
    name,
    creativeId,
    size,
    thumbnail_key: `thumbnails/${companyId}/${creativeId}/${name.replace(/\W+/g, '-')}.webp`,
  });
  await add('hero', png('Hero banner.png', ids.a1!, 5000));
  await add('video', {
    name: 'Spot.mp4',
    creativeId: ids.a1!,
    content_type: 'video/mp4',
    extension: 'mp4',
    size: 90_000,
  });
  await add('font', {
    name: 'brand.woff2',
    creativeId: ids.a2!,
    content_type: 'font/woff2',
    extension: 'woff2',
    size: 300,
    width: null,
    height: null,
  });
  await add('prices', {
    name: 'prices.csv',
    creativeId: ids.b1!,
    content_type: 'text/csv',
    extension: 'csv',
    size: 120,
    width: null,
    height: null,
  });
  await add('logo', png('logo.png', ids.a2!, 800));
  await add('binned', { ...png('Old banner.png', ids.a1!, 700), deleted: true });
  await add('orphan', png('Orphan.png', ids.bGone!, 600));
  await add('back', png('Backdrop.png', ids.b1!, 2000));
  await add('extra1', png('Extra one.png', ids.a2!, 10));
  await add('extra2', png('Extra two.png', ids.a1!, 20));

  const other = await t.createCompany('Elsewhere');
  const theirs = await insertCreative(t.db, {
    companyId: other,
    campaignId: await insertCampaign(t.db, { companyId: other, name: 'Alpha launch' }),
    name: 'Theirs',
  });
  await insertAsset(t.db, { companyId: other, creativeId: theirs, name: 'Hero banner.png' });
});
afterAll(() => t.close());

const list = async (query: string, as = editor, path = '/v1/assets') => {
  const res = await as.get(`${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Asset[];
    meta: { total: number; last_page: number };
    links: Record<string, string>;
  };
};
const names = async (query: string, path?: string) =>
  (await list(`${query}&items-per-page=-1`, editor, path)).data.map((a) => a.name);

const LIVE = [
  'Extra two.png',
  'Extra one.png',
  'Backdrop.png',
  'Orphan.png',
  'logo.png',
  'prices.csv',
  'brand.woff2',
  'Spot.mp4',
  'Hero banner.png',
];

describe('GET /v1/assets', () => {
  it('lists the company’s live assets, newest change first, with their campaign', async () => {
    const page = await list('items-per-page=3');
    expect(page.meta).toMatchObject({ total: 9, last_page: 3 });
    expect(page.data.map((a) => a.name)).toEqual(LIVE.slice(0, 3));
    expect(page.data[2]).toMatchObject({ creative_id: ids.b1, campaign_id: ids.beta, kind: 'image' });
    expect(page.links.next).toBe(`${t.config.appUrl}/v1/assets?items-per-page=3&page=2`);
    expect(await names('')).toEqual(LIVE);
  });

  it('reads the same for qa', async () => {
    expect((await list('items-per-page=-1', qa)).data.map((a) => a.name)).toEqual(LIVE);
  });

  it.each([
    [
      'sort-by=name',
      [
        'Backdrop.png',
        'brand.woff2',
        'Extra one.png',
        'Extra two.png',
        'Hero banner.png',
        'logo.png',
        'Orphan.png',
        'prices.csv',
        'Spot.mp4',
      ],
    ],
    [
      'sort-by=size&sort-order=desc',
      [
        'Spot.mp4',
        'Hero banner.png',
        'Backdrop.png',
        'logo.png',
        'Orphan.png',
        'brand.woff2',
        'prices.csv',
        'Extra two.png',
        'Extra one.png',
      ],
    ],
    ['sort-by=created_at', [...LIVE].reverse()],
    ['sort-by=updated_at&sort-order=desc', LIVE],
  ])('sorts: %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it.each([
    ['filter=BANNER', ['Hero banner.png']],
    ['filter=ex', ['Extra two.png', 'Extra one.png']],
    [
      'filter=.png',
      ['Extra two.png', 'Extra one.png', 'Backdrop.png', 'Orphan.png', 'logo.png', 'Hero banner.png'],
    ],
    [
      'kind=image',
      ['Extra two.png', 'Extra one.png', 'Backdrop.png', 'Orphan.png', 'logo.png', 'Hero banner.png'],
    ],
    ['kind=video', ['Spot.mp4']],
    ['kind=font', ['brand.woff2']],
    ['kind=data', ['prices.csv']],
    ['deleted=1', ['Old banner.png']],
    ['deleted=1&filter=banner', ['Old banner.png']],
    ['filter=nothing like it', []],
  ])('filters: %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by campaign and creative, with the other filters', async () => {
    expect(await names(`campaign_id=${ids.alpha}`)).toEqual([
      'Extra two.png',
      'Extra one.png',
      'logo.png',
      'brand.woff2',
      'Spot.mp4',
      'Hero banner.png',
    ]);
    expect(await names(`campaign_id=${ids.beta}`)).toEqual(['Backdrop.png', 'Orphan.png', 'prices.csv']);
    expect(await names(`campaign_id=${ids.alpha}&kind=image&sort-by=name`)).toEqual([
      'Extra one.png',
      'Extra two.png',
      'Hero banner.png',
      'logo.png',
    ]);
    expect(await names(`creative_id=${ids.a1}`)).toEqual(['Extra two.png', 'Spot.mp4', 'Hero banner.png']);
    expect(await names(`creative_id=${ids.a1}&deleted=1`)).toEqual(['Old banner.png']);
    const filtered = await list(`campaign_id=${ids.alpha}&items-per-page=2`);
    expect(filtered.meta).toMatchObject({ total: 6, last_page: 3 });
  });

  it('lists deleted assets newest deletion first, with when they will be purged', async () => {
    const later = await insertAsset(t.db, {
      companyId,
      creativeId: ids.b1!,
      name: 'Binned later',
      deleted: true,
    });
    const deleted = (await list('deleted=1')).data;
    expect(deleted.map((a) => a.name)).toEqual(['Binned later', 'Old banner.png']);
    expect(Date.parse(deleted[0]!.purge_at!) - Date.parse(deleted[0]!.deleted_at!)).toBe(30 * 86_400_000);
    await t.db.deleteFrom('assets').where('id', '=', later).execute();
  });

  it.each([
    ['kind=audio', 'kind'],
    ['sort-by=width', 'sort-by'],
    ['deleted=maybe', 'deleted'],
    ['campaign_id=x', 'campaign_id'],
    ['creative_id=-3', 'creative_id'],
  ])('refuses %s with 422 on the field', async (query, field) => {
    const res = await editor.get(`/v1/assets?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });
});

describe('GET /v1/creatives/{id}/assets', () => {
  it('lists one creative’s assets with the same query, its links on its own path', async () => {
    const path = `/v1/creatives/${ids.a1}/assets`;
    expect(await names('', path)).toEqual(['Extra two.png', 'Spot.mp4', 'Hero banner.png']);
    expect(await names('sort-by=name', path)).toEqual(['Extra two.png', 'Hero banner.png', 'Spot.mp4']);
    expect(await names('kind=video', path)).toEqual(['Spot.mp4']);
    expect(await names('deleted=1', path)).toEqual(['Old banner.png']);
    // The path names the creative; a creative_id in the query does not widen it.
    expect(await names(`creative_id=${ids.b1}`, path)).toEqual([
      'Extra two.png',
      'Spot.mp4',
      'Hero banner.png',
    ]);
    const page = await list('items-per-page=1', editor, `${path}/`);
    expect(page.meta.total).toBe(3);
    expect(page.links.next).toBe(`${t.config.appUrl}/v1/creatives/${ids.a1}/assets?items-per-page=1&page=2`);
  });

  it('answers 404 for a deleted, unknown or another company’s creative', async () => {
    const foreign = await t.db
      .selectFrom('creatives')
      .select('id')
      .where('name', '=', 'Theirs')
      .executeTakeFirstOrThrow();
    for (const id of [ids.bGone, foreign.id, 999_999, 'x1']) {
      const res = await editor.get(`/v1/creatives/${id}/assets`);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /v1/assets/campaigns', () => {
  const overview = async (query = '') => {
    const res = await editor.get(`/v1/assets/campaigns?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: AssetCampaignSummary[]; meta: { total: number } };
  };

  it('lists live campaigns with live creatives, their figures and newest image thumbnails', async () => {
    const { data, meta } = await overview('sort-by=name');
    expect(meta.total).toBe(2);
    expect(data.map((row) => [row.campaign.name, row.creatives, row.assets])).toEqual([
      ['Alpha launch', 2, 6],
      ['beta teaser', 1, 2],
    ]);
    // Newest first, at most four, images with a thumbnail only.
    expect(data[0]!.latest.map((image) => image.name)).toEqual([
      'Extra two.png',
      'Extra one.png',
      'logo.png',
      'Hero banner.png',
    ]);
    expect(data[1]!.latest.map((image) => image.name)).toEqual(['Backdrop.png']);
    expect(data[0]!.latest[0]!.thumbnail_url).toMatch(
      new RegExp(`^${t.config.appUrl}/storage/thumbnails/${companyId}/${ids.a1}/Extra-two-png\\.webp\\?`),
    );
  });

  it('filters on the campaign’s name, sorts and pages', async () => {
    expect((await overview('filter=TEAS')).data.map((row) => row.campaign.name)).toEqual(['beta teaser']);
    expect((await overview('filter=al')).data.map((row) => row.campaign.name)).toEqual(['Alpha launch']);
    expect((await overview('filter=Empty')).data).toEqual([]);
    const first = await overview('sort-by=name&sort-order=desc&items-per-page=1');
    expect(first.meta.total).toBe(2);
    expect(first.data.map((row) => row.campaign.name)).toEqual(['beta teaser']);
    const second = await overview('sort-by=name&sort-order=desc&items-per-page=1&page=2');
    expect(second.data.map((row) => row.campaign.name)).toEqual(['Alpha launch']);
  });

  it('follows the campaigns’ changes by default', async () => {
    await t.db.updateTable('campaigns').set({ updated_at: stamp() }).where('id', '=', ids.alpha!).execute();
    expect((await overview()).data.map((row) => row.campaign.name)).toEqual(['Alpha launch', 'beta teaser']);
  });
});
