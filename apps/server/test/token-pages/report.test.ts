import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../rows';

/** Traffic without conversions (issue 46): none reported, no value. */
const NO_CONVERSIONS = { conversions: 0, cvr: 0, value: 0 };

let t: TestApp;
let editor: Client;
let guest: Client;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns', 'edit creatives'] }));
  guest = await t.guest();
});
afterAll(() => t.close());

type Stat = [creativeId: number, ruleId: number, day: string, impressions: number, clicks: number];
async function insertStats(campaignId: number, stats: Stat[], companyId = t.companyId) {
  await t.db
    .insertInto('stats_daily')
    .values(
      stats.map(([creative_id, rule_id, day, impressions, clicks]) => ({
        company_id: companyId,
        campaign_id: campaignId,
        creative_id,
        rule_id,
        day,
        impressions,
        clicks,
      })),
    )
    .execute();
}

async function reportLink(campaignId: number, body: object = {}) {
  const res = await editor.post(`/v1/campaigns/${campaignId}/report/url`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string };
}

const external = (token: string, query = '') =>
  guest.inject({ method: 'GET', url: `/v1/campaigns/externalreport/${token}${query}` });

/** A campaign with two creatives (one on a feed with two rules) and traffic on 1–4 March. */
async function campaignWithTraffic(name: string) {
  const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name });
  const feedCreative = await insertCreative(t.db, {
    companyId: t.companyId,
    campaignId,
    name: `${name} feed`,
  });
  const plain = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `${name} plain` });
  const idle = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `${name} idle` });
  const profileId = await insertProfile(t.db, { companyId: t.companyId, name: `${name} feed` });
  const [north, south] = await insertRules(t.db, {
    companyId: t.companyId,
    profileId,
    rows: [{ City: 'North' }, { City: 'South' }],
  });
  await t.db
    .updateTable('profile_rules')
    .set({ reporting_label: 'North' })
    .where('id', '=', north!)
    .execute();
  await insertStats(campaignId, [
    [feedCreative, north!, '2026-03-01', 100, 2],
    [feedCreative, north!, '2026-03-02', 300, 4],
    [feedCreative, south!, '2026-03-02', 50, 5],
    [plain, 0, '2026-03-01', 10, 0],
    [plain, 0, '2026-03-04', 999, 99],
  ]);
  return { campaignId, feedCreative, plain, idle, north: north!, south: south! };
}

describe('GET /v1/campaigns/externalreport/{token}', () => {
  it("sums the link's timeframe: totals, every day, per creative and per variant, most impressions first", async () => {
    const c = await campaignWithTraffic('Spring');
    const link = await reportLink(c.campaignId, { start: '2026-03-01', end: '2026-03-03' });

    // Asking for more than the link allows shows only the link's days.
    const res = await external(link.token, '?start=2026-02-01&end=2026-03-31');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.campaign).toEqual({ id: c.campaignId, name: 'Spring' });
    expect([report.start, report.end]).toEqual(['2026-03-01', '2026-03-03']);
    expect(report.bounds).toEqual({ start: '2026-03-01', end: '2026-03-03' });
    expect(report.totals).toEqual({ impressions: 460, clicks: 11, ctr: 11 / 460, ...NO_CONVERSIONS });
    expect(report.daily).toEqual([
      { day: '2026-03-01', impressions: 110, clicks: 2, ctr: 2 / 110, ...NO_CONVERSIONS },
      { day: '2026-03-02', impressions: 350, clicks: 9, ctr: 9 / 350, ...NO_CONVERSIONS },
      { day: '2026-03-03', impressions: 0, clicks: 0, ctr: 0, ...NO_CONVERSIONS },
    ]);
    expect(
      report.creatives.map((row: { name: string; impressions: number }) => [row.name, row.impressions]),
    ).toEqual([
      ['Spring feed', 450],
      ['Spring plain', 10],
      ['Spring idle', 0],
    ]);
    expect(report.variants).toEqual([
      expect.objectContaining({
        creative_id: c.feedCreative,
        rule_id: c.north,
        reporting_label: 'North',
        impressions: 400,
        clicks: 6,
      }),
      expect.objectContaining({
        creative_id: c.feedCreative,
        rule_id: c.south,
        reporting_label: 'k1',
        impressions: 50,
      }),
      expect.objectContaining({
        creative_id: c.plain,
        rule_id: 0,
        reporting_label: 'Spring plain',
        impressions: 10,
      }),
    ]);
    expect(report.variants_total).toBe(3);

    // A narrower timeframe inside the link's.
    const day = (await external(link.token, '?start=2026-03-02&end=2026-03-02')).json().data;
    expect(day.totals).toEqual({ impressions: 350, clicks: 9, ctr: 9 / 350, ...NO_CONVERSIONS });
    expect(day.bounds).toEqual({ start: '2026-03-01', end: '2026-03-03' });
  });

  it("without a timeframe, shows the campaign's dates; a deleted creative with traffic still counts", async () => {
    const c = await campaignWithTraffic('Summer');
    await t.db
      .updateTable('campaigns')
      .set({ launch_date: '2026-03-02', end_date: '2026-03-04' })
      .where('id', '=', c.campaignId)
      .execute();
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', c.plain)
      .execute();
    const link = await reportLink(c.campaignId);
    const report = (await external(link.token)).json().data;
    expect([report.start, report.end]).toEqual(['2026-03-02', '2026-03-04']);
    expect(report.totals.impressions).toBe(350 + 999);
    expect(report.creatives.map((row: { name: string }) => row.name)).toEqual([
      'Summer plain',
      'Summer feed',
      'Summer idle',
    ]);
  });

  it('refuses an end before the start with a field message', async () => {
    const c = await campaignWithTraffic('Autumn');
    const link = await reportLink(c.campaignId);
    const res = await external(link.token, '?start=2026-03-04&end=2026-03-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.end).toEqual(['The end must not be before the start.']);
  });

  it('counts each opening on the link, listed on its sharing tab with a hashed address', async () => {
    const c = await campaignWithTraffic('Views');
    const link = await reportLink(c.campaignId);
    await guest.inject({
      method: 'GET',
      url: `/v1/campaigns/externalreport/${link.token}`,
      headers: { 'user-agent': 'Viewer/1.0' },
    });
    await external(link.token);
    const links = (await editor.get(`/v1/campaigns/${c.campaignId}/report/links`)).json().data;
    expect(links[0]).toMatchObject({ id: link.id, views: 2, last_viewed_at: expect.stringMatching(/Z$/) });
    const views = (await editor.get(`/v1/token-links/report/${link.id}/views`)).json().data;
    expect(views).toHaveLength(2);
    expect(views[1]).toEqual({
      viewed_at: expect.any(String),
      viewer: expect.stringMatching(/^[\w-]{22}$/),
      user_agent: 'Viewer/1.0',
    });
    expect(JSON.stringify(views)).not.toContain('127.0.0.1');

    // Another company's editor reaches neither the link's views nor the campaign's report.
    const other = await t.createCompany();
    const stranger = await t.injectAs(
      await t.createUser({ companyId: other, permissions: ['edit campaigns'] }),
    );
    expect((await stranger.get(`/v1/token-links/report/${link.id}/views`)).statusCode).toBe(404);
    expect((await stranger.get(`/v1/campaigns/${c.campaignId}/report`)).statusCode).toBe(404);
  });
});

describe("GET /v1/campaigns/{id}/report (the campaign's own)", () => {
  it('answers the same report to readers of campaigns, and 403 to others', async () => {
    const c = await campaignWithTraffic('Internal');
    const res = await editor.get(`/v1/campaigns/${c.campaignId}/report?start=2026-03-01&end=2026-03-02`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.totals).toEqual({
      impressions: 460,
      clicks: 11,
      ctr: 11 / 460,
      ...NO_CONVERSIONS,
    });
    const creativesOnly = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
    expect((await creativesOnly.get(`/v1/campaigns/${c.campaignId}/report`)).statusCode).toBe(403);
  });
});

describe('GET /v1/campaigns/externalreport/{token}/new', () => {
  it("answers what changed since the viewer's previous visit, newest first", async () => {
    const c = await campaignWithTraffic('News');
    const link = await reportLink(c.campaignId);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // A visit two hours ago; since then, one creative added, one moved to live, one approved.
    await t.db
      .insertInto('token_views')
      .values({
        company_id: t.companyId,
        link_kind: 'report',
        link_id: link.id,
        viewed_at: hoursAgo(2),
        ip_hash: 'earlier',
        user_agent: 'x',
      })
      .execute();
    await t.db
      .updateTable('creatives')
      .set({ created_at: hoursAgo(5) })
      .where('campaign_id', '=', c.campaignId)
      .execute();
    const added = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: c.campaignId,
      name: 'News new',
    });
    await t.db
      .updateTable('creatives')
      .set({ created_at: hoursAgo(1) })
      .where('id', '=', added)
      .execute();
    const moved = await editor.put(`/v1/creatives/${c.plain}`, { status: 'testing' });
    expect(moved.statusCode, moved.body).toBe(200);

    // This visit's own opening does not hide what changed before it.
    await external(link.token);
    const res = await guest.get(`/v1/campaigns/externalreport/${link.token}/new`);
    expect(res.statusCode, res.body).toBe(200);
    const news = res.json().data;
    expect(news.since).toBe(
      (
        await t.db
          .selectFrom('token_views')
          .select('viewed_at')
          .where('ip_hash', '=', 'earlier')
          .executeTakeFirstOrThrow()
      ).viewed_at,
    );
    expect(
      news.items.map(
        (item: {
          kind: string;
          creative: { name: string } | null;
          from: string | null;
          to: string | null;
        }) => [item.kind, item.creative?.name, item.from, item.to],
      ),
    ).toEqual([
      ['status', 'News plain', 'draft', 'testing'],
      ['new_creative', 'News new', null, null],
    ]);
  });
});
