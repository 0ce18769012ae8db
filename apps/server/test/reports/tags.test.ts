import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { travelCreative, zoneAtHour } from '../ad-tags/fixtures';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';

let t: TestApp;
let editor: Client;
let guest: Client;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns', 'edit creatives'] }));
  guest = await t.guest();
});
afterAll(() => t.close());

interface TagRow {
  id: number;
  name: string;
  creative_id: number;
  creative_name: string;
  media_entity_name: string | null;
  revoked_at: string | null;
  impressions: number;
  clicks: number;
  ctr: number;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const createTag = async (
  creativeId: number,
  body: { name: string; media_entity_id?: number },
  as = editor,
) => {
  const res = await as.post(`/v1/creatives/${creativeId}/tags`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string };
};

/** Serves the tag once to a browser and, with `click`, follows the served document's click tracker. */
async function serve(token: string, { click = false } = {}) {
  // Once the server heard every change committed before (PostgreSQL: a moment after).
  await t.app.services.adServing.settled();
  const res = await t.app.inject({
    method: 'GET',
    url: `/serve/${token}?tz=${zoneAtHour(20)}`,
    headers: { 'user-agent': BROWSER, 'cf-ipcountry': 'BE' },
  });
  expect(res.statusCode).toBe(200);
  if (click) {
    const clickTag = /, "(https?:\/\/[^"]+)"\);<\/script>/.exec(res.body)![1]!;
    const tracked = await t.app.inject({
      method: 'GET',
      url: clickTag.slice(clickTag.indexOf('/t/c')),
      headers: { 'user-agent': BROWSER },
    });
    expect(tracked.statusCode).toBe(302);
  }
}

const tagsOf = (res: { json: () => { data: { tags: TagRow[] } } }) =>
  res.json().data.tags.map(({ name, impressions, clicks }) => [name, impressions, clicks]);

describe(`the campaign report's tags (${engine})`, () => {
  it('counts what each tag served within the timeframe, not outside it, of the company only', async () => {
    const travel = await travelCreative(t, t.companyId);
    await t.db
      .updateTable('campaigns')
      .set({ launch_date: day(20) })
      .where('id', '=', travel.campaignId)
      .execute();
    const now = new Date().toISOString();
    const publisher = await t.db
      .insertInto('media_entities')
      .values({ company_id: t.companyId, name: 'Daily Planet', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const home = await createTag(travel.creativeId, { name: 'Homepage', media_entity_id: publisher.id });
    const sport = await createTag(travel.creativeId, { name: 'Sport' });
    await createTag(travel.creativeId, { name: 'Quiet' });
    const gone = await createTag(travel.creativeId, { name: 'Gone' });
    const goneServed = await createTag(travel.creativeId, { name: 'Gone served' });

    await serve(home.token, { click: true });
    await serve(home.token);
    await serve(sport.token);
    await serve(goneServed.token);
    await t.app.services.stats.flush();
    for (const tag of [gone, goneServed])
      expect((await editor.delete(`/v1/creatives/${travel.creativeId}/tags/${tag.id}`)).statusCode).toBe(204);

    // Ten days ago, and what must never count: another company's rows naming this campaign and tag,
    // and this company's row naming another company's tag.
    const other = await t.createCompany();
    const otherTravel = await travelCreative(t, other);
    const stranger = await t.injectAs(
      await t.createUser({ companyId: other, permissions: ['edit creatives'] }),
    );
    const foreign = await createTag(otherTravel.creativeId, { name: 'Foreign' }, stranger);
    await serve(foreign.token, { click: true });
    await t.app.services.stats.flush();
    const row = { campaign_id: travel.campaignId, creative_id: travel.creativeId, rule_id: 0 };
    await t.db
      .insertInto('stats_tag_daily')
      .values([
        { ...row, company_id: t.companyId, tag_id: sport.id, day: day(10), impressions: 40, clicks: 4 },
        { ...row, company_id: other, tag_id: home.id, day: day(0), impressions: 70, clicks: 7 },
        { ...row, company_id: t.companyId, tag_id: foreign.id, day: day(0), impressions: 90, clicks: 9 },
      ])
      .execute();

    const today = await editor.get(`/v1/campaigns/${travel.campaignId}/report?start=${day(0)}&end=${day(0)}`);
    expect(today.statusCode, today.body).toBe(200);
    expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/campaigns/:id/report' }, today);
    expect(tagsOf(today)).toEqual([
      ['Homepage', 2, 1],
      ['Gone served', 1, 0],
      ['Sport', 1, 0],
      ['Quiet', 0, 0],
    ]);
    const first = today.json().data.tags[0] as TagRow;
    expect(first).toEqual({
      id: home.id,
      name: 'Homepage',
      creative_id: travel.creativeId,
      creative_name: expect.stringMatching(/^Skyway MPU/),
      media_entity_name: 'Daily Planet',
      revoked_at: null,
      impressions: 2,
      clicks: 1,
      ctr: 0.5,
      conversions: 0,
      cvr: 0,
      value: 0,
    });
    expect(
      (today.json().data.tags as TagRow[]).find((tag) => tag.name === 'Gone served')?.revoked_at,
    ).toEqual(expect.any(String));

    // Before today: only the old row counts; the revoked tags without traffic then are left out.
    const before = await editor.get(
      `/v1/campaigns/${travel.campaignId}/report?start=${day(15)}&end=${day(1)}`,
    );
    expect(tagsOf(before)).toEqual([
      ['Sport', 40, 4],
      ['Homepage', 0, 0],
      ['Quiet', 0, 0],
    ]);

    // The other company sees its own tag only, and never this campaign's report.
    const otherReader = await t.injectAs(
      await t.createUser({ companyId: other, permissions: ['edit campaigns'] }),
    );
    expect(tagsOf(await otherReader.get(`/v1/campaigns/${otherTravel.campaignId}/report`))).toEqual([
      ['Foreign', 1, 1],
    ]);
    expect((await otherReader.get(`/v1/campaigns/${travel.campaignId}/report`)).statusCode).toBe(404);
  });

  it("the shared report lists only its campaign's tags", async () => {
    const shared = await travelCreative(t, t.companyId);
    const sibling = await travelCreative(t, t.companyId);
    const mine = await createTag(shared.creativeId, { name: 'Shared slot' });
    const theirs = await createTag(sibling.creativeId, { name: 'Sibling slot' });
    await serve(mine.token);
    await serve(theirs.token, { click: true });
    await t.app.services.stats.flush();

    const link = await editor.post(`/v1/campaigns/${shared.campaignId}/report/url`, {});
    expect(link.statusCode, link.body).toBe(201);
    const res = await guest.get(`/v1/campaigns/externalreport/${link.json().data.token}`);
    expect(res.statusCode, res.body).toBe(200);
    expectDocumentedAnswer(
      t.app.swagger(),
      { method: 'GET', url: '/v1/campaigns/externalreport/:token' },
      res,
    );
    expect(tagsOf(res)).toEqual([['Shared slot', 1, 0]]);
  });
});
