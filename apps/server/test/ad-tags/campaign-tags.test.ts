import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAMPAIGN_TAGS_MAX, CAMPAIGN_TAGS_TOO_MANY, TRAFFICKING_SHEET_COLUMNS } from '@adstudio/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../../src/feeds/feed-table';
import { readXlsx } from '../../src/feeds/xlsx-reader';
import { type AccessRoute, describeAccessMatrix } from '../access-matrix';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let admin: Client;
let campaignId: number;
let doc: object;
/** The tags made through the API, by name: what the list and the sheet must carry. */
const made: Record<string, { js: string; iframe: string; serve_url: string }> = {};

const makeTag = async (creativeId: number, body: object) => {
  const res = await admin.post(`/v1/creatives/${creativeId}/tags`, body);
  expect(res.statusCode, res.body).toBe(201);
  const tag = res.json().data;
  made[tag.name] = tag;
  return tag as { id: number; name: string };
};

beforeAll(async () => {
  t = await buildTestApp();
  doc = t.app.swagger();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Trafficked', status: 'live' });
  const leaderboard = await insertCreative(t.db, {
    companyId: t.companyId,
    campaignId,
    name: 'Leaderboard',
    width: 728,
    height: 90,
  });
  const mpu = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'MPU' });
  const gone = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Gone' });
  const publisher = await t.db
    .insertInto('media_entities')
    .values({
      company_id: t.companyId,
      name: '=Daily Planet',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await makeTag(mpu, { name: 'Sidebar, "right"', ad_server: 'xandr', media_entity_id: publisher.id });
  await makeTag(leaderboard, { name: 'Homepage top', ad_server: 'cm360' });
  const revoked = await makeTag(leaderboard, { name: 'Old homepage', ad_server: 'gam' });
  expect(
    (await admin.inject({ method: 'DELETE', url: `/v1/creatives/${leaderboard}/tags/${revoked.id}` }))
      .statusCode,
  ).toBe(204);
  await makeTag(gone, { name: 'Deleted creative’s', ad_server: 'ttd' });
  expect((await admin.inject({ method: 'DELETE', url: `/v1/creatives/${gone}` })).statusCode).toBe(204);
  // Another campaign's tag never shows.
  const other = await insertCampaign(t.db, { companyId: t.companyId, name: 'Other' });
  await makeTag(await insertCreative(t.db, { companyId: t.companyId, campaignId: other, name: 'Else' }), {
    name: 'Elsewhere',
  });
});
afterAll(() => t.close());

/** The sheet's rows every format must give: active tags only, by creative name then oldest first. */
const SHEET = () => [
  [...TRAFFICKING_SHEET_COLUMNS],
  [
    'Leaderboard',
    'Homepage top',
    '728x90',
    'Campaign Manager 360',
    '',
    made['Homepage top']!.js,
    made['Homepage top']!.iframe,
    made['Homepage top']!.serve_url,
  ],
  [
    'MPU',
    'Sidebar, "right"',
    '300x250',
    'Xandr',
    '=Daily Planet',
    made['Sidebar, "right"']!.js,
    made['Sidebar, "right"']!.iframe,
    made['Sidebar, "right"']!.serve_url,
  ],
];

describe(`a campaign's tags and its trafficking sheet (${engine})`, () => {
  it('lists every tag of its live creatives, revoked ones too, by creative then oldest first', async () => {
    const res = await admin.get(`/v1/campaigns/${campaignId}/tags`);
    expect(res.statusCode, res.body).toBe(200);
    expectDocumentedAnswer(doc, { method: 'GET', url: '/v1/campaigns/:id/tags' }, res);
    const list = res.json().data as Record<string, unknown>[];
    expect(list.map((tag) => [tag.creative_name, tag.name, tag.width, tag.height, tag.ad_server])).toEqual([
      ['Leaderboard', 'Homepage top', 728, 90, 'cm360'],
      ['Leaderboard', 'Old homepage', 728, 90, 'gam'],
      ['MPU', 'Sidebar, "right"', 300, 250, 'xandr'],
    ]);
    expect(list[1]).toMatchObject({ revoked_at: expect.any(String), impressions_7d: 0, clicks_7d: 0 });
    expect(list[2]).toMatchObject({ media_entity_name: '=Daily Planet', js: made['Sidebar, "right"']!.js });
  });

  it('downloads the sheet as CSV: active tags only, every text quoted, no cell starting a formula', async () => {
    const res = await admin.get(`/v1/campaigns/${campaignId}/tags?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="campaign-${campaignId}-tags.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(res.body.slice(1), { relax_column_count: false });
    const expected = SHEET();
    // The one CSV writer's guard: a publisher named "=Daily Planet" is text, not a formula.
    expected[2]![4] = "'=Daily Planet";
    expect(rows).toEqual(expected);
  });

  it('downloads the sheet as XLSX, which a reader of Excel’s files reads back to the same rows', async () => {
    const res = await admin.get(`/v1/campaigns/${campaignId}/tags?format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${campaignId}-tags.xlsx"`,
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-')), 'tags.xlsx');
    fs.writeFileSync(file, res.rawPayload);
    const table = await readXlsx(file, []);
    const rows: Cell[][] = [table.columns];
    for await (const row of table.rows) rows.push(row.cells);
    // An inline string is never a formula: the publisher's name stays as typed; an empty cell is empty.
    expect(rows).toEqual(SHEET().map((row) => row.map((cell) => (cell === '' ? null : cell))));
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('answers 404 for another company’s campaign or a deleted one, 422 for an unknown format', async () => {
    const elsewhere = await t.createCompany();
    const theirs = await insertCampaign(t.db, { companyId: elsewhere, name: 'Theirs' });
    const deleted = await insertCampaign(t.db, { companyId: t.companyId, name: 'Deleted', deleted: true });
    for (const id of [theirs, deleted])
      for (const query of ['', '?format=csv', '?format=xlsx'])
        expect((await admin.get(`/v1/campaigns/${id}/tags${query}`)).statusCode).toBe(404);
    const res = await admin.get(`/v1/campaigns/${campaignId}/tags?format=pdf`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.format).toEqual(['The format must be json, csv or xlsx.']);
  });

  it('refuses a campaign with more tags than it lists (422), rather than cutting the sheet', async () => {
    const big = await insertCampaign(t.db, { companyId: t.companyId, name: 'Big' });
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId: big, name: 'Many' });
    const row = (i: number) => ({
      company_id: t.companyId,
      creative_id: creativeId,
      media_entity_id: null,
      name: `Placement ${i}`,
      token: `many-${i}-${'x'.repeat(40)}`.slice(0, 43),
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await t.db
      .insertInto('ad_tags')
      .values(Array.from({ length: CAMPAIGN_TAGS_MAX }, (_, i) => row(i)))
      .execute();
    expect((await admin.get(`/v1/campaigns/${big}/tags`)).json().data).toHaveLength(CAMPAIGN_TAGS_MAX);
    await t.db.insertInto('ad_tags').values(row(CAMPAIGN_TAGS_MAX)).execute();
    for (const query of ['', '?format=csv']) {
      const res = await admin.get(`/v1/campaigns/${big}/tags${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: CAMPAIGN_TAGS_TOO_MANY,
        errors: { id: [CAMPAIGN_TAGS_TOO_MANY] },
      });
    }
  });
});

let seq = 0;
/** A campaign with a creative and one tag, fresh for each request. */
async function fixture(t: TestApp, companyId: number) {
  const id = await insertCampaign(t.db, { companyId, name: `Campaign tags access ${++seq}` });
  const creativeId = await insertCreative(t.db, { companyId, campaignId: id, name: `Tagged ${seq}` });
  await t.db
    .insertInto('ad_tags')
    .values({
      company_id: companyId,
      creative_id: creativeId,
      media_entity_id: null,
      name: `Placement ${seq}`,
      token: `ctag-${seq}-${'x'.repeat(40)}`.slice(0, 43),
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  return { id };
}
const read = (name: string, query: string): AccessRoute<{ id: number }> => ({
  name,
  method: 'GET',
  url: (f) => `/v1/campaigns/${f.id}/tags${query}`,
  ok: 200,
  qa: true,
  scoped: true,
});
describeAccessMatrix({
  section: 'campaigns',
  routes: [
    read("list a campaign's tags", ''),
    read('its sheet as CSV', '?format=csv'),
    read('its sheet as XLSX', '?format=xlsx'),
  ],
  fixture,
  snapshot: async (t, f) =>
    t.db
      .selectFrom('ad_tags')
      .selectAll()
      .orderBy('id')
      .execute()
      .then((rows) => [f.id, rows]),
});
