import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertAsset } from '../rows';
import { landing } from '../tracking/landing';
import { travelCreative, zoneAtHour } from './fixtures';

let t: TestApp;
let editor: Client;
let travel: Awaited<ReturnType<typeof travelCreative>>;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  travel = await travelCreative(t, t.companyId);
});
afterAll(() => t.close());

const createTag = async (name: string) =>
  (await editor.post(`/v1/creatives/${travel.creativeId}/tags`, { name })).json().data as {
    id: number;
    token: string;
  };

/** Serves a tag once the server heard every change committed before (PostgreSQL: a moment after). */
const serve = async (token: string, country: string, userAgent = BROWSER, method: 'GET' | 'HEAD' = 'GET') => {
  await t.app.services.adServing.settled();
  return t.app.inject({
    method,
    url: `/serve/${token}?tz=${zoneAtHour(20)}`,
    headers: { 'user-agent': userAgent, 'cf-ipcountry': country },
  });
};

/** The click tracker of a served document (after the ad server's click URL, if any). */
const trackerOf = (html: string) => {
  const clickTag = /, "(https?:\/\/[^"]+)"\);<\/script>/.exec(html)![1]!;
  return clickTag.slice(clickTag.indexOf('/t/c'));
};

async function statsRows() {
  await t.app.services.stats.flush();
  const perTag = await t.db
    .selectFrom('stats_tag_daily')
    .select(['tag_id', 'rule_id', 'impressions', 'clicks'])
    .where('creative_id', '=', travel.creativeId)
    .orderBy('tag_id')
    .orderBy('rule_id')
    .execute();
  const perCreative = await t.db
    .selectFrom('stats_daily')
    .select(['rule_id', 'impressions', 'clicks'])
    .where('creative_id', '=', travel.creativeId)
    .orderBy('rule_id')
    .execute();
  return { perTag, perCreative };
}

describe(`counting served tags (${engine})`, () => {
  it('counts impressions and clicks per tag as well as per creative and rule, never bots or HEAD', async () => {
    const home = await createTag('Homepage');
    const sport = await createTag('Sport section');
    const { lisbon, kyoto } = travel.rules;

    const first = await serve(home.token, 'BE');
    await serve(home.token, 'NL');
    await serve(home.token, 'DE');
    await serve(sport.token, 'LU');
    // Not counted: a crawler, a missing user agent, a HEAD request.
    await serve(home.token, 'BE', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await serve(home.token, 'BE', '');
    await serve(home.token, 'BE', BROWSER, 'HEAD');

    const click = await t.app.inject({
      method: 'GET',
      url: trackerOf(first.body),
      headers: { 'user-agent': BROWSER },
    });
    expect(click.statusCode).toBe(302);
    expect(landing(click.headers.location)).toBe('https://travel.example/lisbon');

    const { perTag, perCreative } = await statsRows();
    const row = (tag: number, rule: number, impressions: number, clicks: number) => ({
      tag_id: tag,
      rule_id: rule,
      impressions,
      clicks,
    });
    expect(perTag).toEqual(
      [row(home.id, lisbon!, 2, 1), row(home.id, kyoto!, 1, 0), row(sport.id, lisbon!, 1, 0)].sort(
        (a, b) => a.tag_id - b.tag_id || a.rule_id - b.rule_id,
      ),
    );
    expect(perCreative).toEqual(
      [
        { rule_id: lisbon, impressions: 3, clicks: 1 },
        { rule_id: kyoto, impressions: 1, clicks: 0 },
      ].sort((a, b) => a.rule_id! - b.rule_id!),
    );
  });

  it('counts a fallback as rule 0 and an empty 1×1 not at all', async () => {
    const tag = await createTag('Fallback slot');
    await t.db
      .updateTable('creatives')
      .set({ status: 'ready' })
      .where('id', '=', travel.creativeId)
      .execute();
    await serve(tag.token, 'BE');
    const imageId = await insertAsset(t.db, { companyId: t.companyId, creativeId: travel.creativeId });
    await t.db
      .updateTable('creatives')
      .set({ fallback_asset_id: imageId })
      .where('id', '=', travel.creativeId)
      .execute();
    await serve(tag.token, 'BE');
    const { perTag } = await statsRows();
    expect(perTag.filter((r) => r.tag_id === tag.id)).toEqual([
      { tag_id: tag.id, rule_id: 0, impressions: 1, clicks: 0 },
    ]);
    await t.db.updateTable('creatives').set({ status: 'live' }).where('id', '=', travel.creativeId).execute();
  });

  it("lists each tag's impressions and clicks of the last seven days, of its own company only", async () => {
    const tag = await createTag('Figures');
    const quiet = await createTag('Quiet');
    const served = await serve(tag.token, 'BE');
    await serve(tag.token, 'DE');
    const click = await t.app.inject({
      method: 'GET',
      url: trackerOf(served.body),
      headers: { 'user-agent': BROWSER },
    });
    expect(click.statusCode).toBe(302);
    await t.app.services.stats.flush();

    // Rows that must not count: eight days ago, and another company's row naming this tag and creative.
    const other = await t.createCompany();
    const otherTravel = await travelCreative(t, other);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const stray = { campaign_id: travel.campaignId, creative_id: travel.creativeId, tag_id: tag.id };
    await t.db
      .insertInto('stats_tag_daily')
      .values([
        { ...stray, company_id: t.companyId, rule_id: 0, day: day(7), impressions: 50, clicks: 5 },
        { ...stray, company_id: other, rule_id: 0, day: day(1), impressions: 70, clicks: 7 },
        { ...stray, company_id: t.companyId, rule_id: 0, day: day(6), impressions: 3, clicks: 2 },
      ])
      .execute();

    const res = await editor.get(`/v1/creatives/${travel.creativeId}/tags`);
    expect(res.statusCode).toBe(200);
    expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/creatives/:id/tags' }, res);
    const figures = (res.json().data as { id: number; impressions_7d: number; clicks_7d: number }[]).map(
      ({ id, impressions_7d, clicks_7d }) => ({ id, impressions_7d, clicks_7d }),
    );
    expect(figures).toContainEqual({ id: tag.id, impressions_7d: 2 + 3, clicks_7d: 1 + 2 });
    expect(figures).toContainEqual({ id: quiet.id, impressions_7d: 0, clicks_7d: 0 });

    // Another company's user sees none of it: the creative is not theirs.
    const stranger = await t.injectAs(
      await t.createUser({ companyId: other, permissions: ['edit creatives'] }),
    );
    expect((await stranger.get(`/v1/creatives/${travel.creativeId}/tags`)).statusCode).toBe(404);
    const own = await stranger.get(`/v1/creatives/${otherTravel.creativeId}/tags`);
    expect(own.json().data).toEqual([]);
  });
});
