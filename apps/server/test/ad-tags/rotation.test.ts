import {
  CLICK_ID_UNKNOWN,
  CLICK_OUTSIDE_WINDOW,
  EXPLORATION_FLOOR,
  type RotationOdds,
} from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/random';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../rows';
import { clickIdOf, landing } from '../tracking/landing';
import { insertApprovedPackage } from './fixtures';

let t: TestApp;
let editor: Client;
let admin: Client;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** Views served per rotation: enough that a share 4 standard deviations off its expectation is a bug. */
const VIEWS = 1200;

beforeAll(async () => {
  // Seeded draws: the same shares on every run, each held to a binomial bound all the same.
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, {}, { random: seededRandom(46) });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives', 'edit campaigns'] }));
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(() => t.close());

let seq = 0;

/**
 * A live creative whose feed has three rules without conditions (A, B, C: each matches every
 * viewer) and a default rule D, weighted 1, 3, none and 2, with an approved package and a tag.
 */
async function rotating(settings: Record<string, unknown>, companyId = t.companyId) {
  const n = ++seq;
  const campaignId = await insertCampaign(t.db, { companyId, name: `Rotation ${n}`, status: 'live' });
  const profileId = await insertProfile(t.db, { companyId, name: `Variants ${n}` });
  const [a, b, c, d] = await insertRules(t.db, {
    companyId,
    profileId,
    rows: [
      { Headline: 'A', Weight: 1, Exit_URL: 'https://shop.example/a' },
      { Headline: 'B', Weight: '3', Exit_URL: 'https://shop.example/b?ref=feed' },
      { Headline: 'C', Weight: 'x', Exit_URL: 'https://shop.example/c' },
      { Headline: 'D', Weight: 2, Exit_URL: 'https://shop.example/d' },
    ],
  });
  await t.db.updateTable('profile_rules').set({ is_default: 1 }).where('id', '=', d!).execute();
  const creativeId = await insertCreative(t.db, {
    companyId,
    campaignId,
    name: `Rotating ${n}`,
    status: 'live',
  });
  await t.db
    .updateTable('creatives')
    .set({ profile_id: profileId, click_url: 'https://shop.example/', ...settings })
    .where('id', '=', creativeId)
    .execute();
  await insertApprovedPackage(t, companyId, creativeId);
  const tag = await t.db
    .insertInto('ad_tags')
    .values({
      company_id: companyId,
      creative_id: creativeId,
      name: `Slot ${n}`,
      token: `${'t'.repeat(33)}${String(n).padStart(10, '0')}`,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'token'])
    .executeTakeFirstOrThrow();
  return { campaignId, creativeId, profileId, tag, rules: { a: a!, b: b!, c: c!, d: d! } };
}
type Rotating = Awaited<ReturnType<typeof rotating>>;

const serve = async (token: string) => {
  await t.app.services.adServing.settled();
  return t.app.inject({
    method: 'GET',
    url: `/serve/${token}`,
    headers: { 'user-agent': BROWSER, 'cf-ipcountry': 'FR' },
  });
};

/** How many of `views` served views each rule got. */
async function shares(token: string, views = VIEWS) {
  const counts = new Map<number, number>();
  for (let i = 0; i < views; i++) {
    const res = await serve(token);
    expect(res.statusCode).toBe(200);
    const rule = Number(res.headers['x-rule-id']);
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  return counts;
}

/** `count` of `n` is within 4 standard deviations of a binomial's `n·p`. */
function expectBinomial(count: number, n: number, p: number) {
  const sd = Math.sqrt(n * p * (1 - p));
  expect(Math.abs(count - n * p), `${count} of ${n} against p = ${p}`).toBeLessThanOrEqual(4 * sd + 1e-9);
}

/** What "Try it" and the simulator show: the candidates with their odds. */
async function odds(creativeId: number): Promise<RotationOdds> {
  const res = await editor.post(`/v1/creatives/${creativeId}/simulate`, {
    time_zone: 'Europe/Paris',
    country: 'FR',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rotation;
}
const probabilities = (result: RotationOdds) =>
  Object.fromEntries(result.candidates.map((candidate) => [candidate.unique_id, candidate.probability]));

/** Each rule's all-time figures, as if served already. */
async function seedFigures(creative: Rotating, figures: Record<number, [number, number]>) {
  await t.db
    .insertInto('stats_daily')
    .values(
      Object.entries(figures).map(([rule, [impressions, clicks]]) => ({
        company_id: t.companyId,
        campaign_id: creative.campaignId,
        creative_id: creative.creativeId,
        rule_id: Number(rule),
        day: '2026-11-30',
        impressions,
        clicks,
      })),
    )
    .execute();
}

describe(`rotation, holdout and conversions (${engine})`, () => {
  it('rules: the first matching rule serves every view, as before', async () => {
    const creative = await rotating({});
    expect(probabilities(await odds(creative.creativeId))).toEqual({ k0: 1 });
    const counts = await shares(creative.tag.token, 100);
    expect([...counts]).toEqual([[creative.rules.a, 100]]);
  });

  it('even: every matching rule equally often, the default rule never while others match', async () => {
    const creative = await rotating({ rotation: 'even' });
    expect(probabilities(await odds(creative.creativeId))).toEqual({ k0: 1 / 3, k1: 1 / 3, k2: 1 / 3 });
    const counts = await shares(creative.tag.token);
    for (const rule of [creative.rules.a, creative.rules.b, creative.rules.c])
      expectBinomial(counts.get(rule) ?? 0, VIEWS, 1 / 3);
    expect(counts.get(creative.rules.d)).toBeUndefined();
  });

  it('weighted: by the feed column the creative names; rules without a weight get none', async () => {
    const creative = await rotating({ rotation: 'weighted', rotation_weight_column: 'weight' });
    const result = await odds(creative.creativeId);
    expect(probabilities(result)).toEqual({ k1: 0.75, k0: 0.25 });
    expect(result.candidates.map((candidate) => candidate.weight)).toEqual([3, 1]);
    const counts = await shares(creative.tag.token);
    expectBinomial(counts.get(creative.rules.a) ?? 0, VIEWS, 0.25);
    expectBinomial(counts.get(creative.rules.b) ?? 0, VIEWS, 0.75);
    expect(counts.get(creative.rules.c)).toBeUndefined();
  });

  it('optimized: Thompson sampling serves the best rule, and one seen fewer than 1,000 times keeps its floor', async () => {
    const creative = await rotating({ rotation: 'optimized' });
    const { a, b, c } = creative.rules;
    // B clicks at 4 %, A at 0.5 %; C has done nothing in 900 views, below the exploration threshold.
    await seedFigures(creative, { [a]: [5000, 25], [b]: [5000, 200], [c]: [900, 0] });
    const result = await odds(creative.creativeId);
    expect(result.candidates.find((candidate) => candidate.rule_id === b)).toMatchObject({
      impressions: 5000,
      clicks: 200,
    });
    const counts = await shares(creative.tag.token);
    expectBinomial(counts.get(c) ?? 0, VIEWS, EXPLORATION_FLOOR);
    expect((counts.get(b) ?? 0) / VIEWS).toBeGreaterThan(0.9);
    expect(probabilities(result).k1).toBeGreaterThan(0.9);

    // Past 1,000 views, the floor is gone: a rule that never clicks is (almost) never served.
    const seen = await rotating({ rotation: 'optimized' });
    await seedFigures(seen, {
      [seen.rules.a]: [5000, 25],
      [seen.rules.b]: [5000, 200],
      [seen.rules.c]: [1000, 0],
    });
    await odds(seen.creativeId);
    const after = await shares(seen.tag.token, 400);
    expect(after.get(seen.rules.c) ?? 0).toBeLessThanOrEqual(2);
  });

  it('holdout: that share of views serves the default rule as the control, counted apart', async () => {
    const creative = await rotating({ rotation: 'even', holdout_percent: 20 });
    const result = await odds(creative.creativeId);
    expect(result.holdout_rule_id).toBe(creative.rules.d);
    expect(probabilities(result).k3).toBeCloseTo(0.2, 10);
    const counts = await shares(creative.tag.token);
    await t.app.services.stats.flush();
    const control = await t.db
      .selectFrom('stats_holdout_daily')
      .select(['tag_id', 'impressions'])
      .where('creative_id', '=', creative.creativeId)
      .execute();
    expect(control).toEqual([{ tag_id: creative.tag.id, impressions: counts.get(creative.rules.d) }]);
    expectBinomial(counts.get(creative.rules.d) ?? 0, VIEWS, 0.2);
    for (const rule of [creative.rules.a, creative.rules.b, creative.rules.c])
      expectBinomial(counts.get(rule) ?? 0, VIEWS, 0.8 / 3);
  });

  it('conversions: attributed to the click once, within the window and not after it, never across companies', async () => {
    const creative = await rotating({ rotation: 'rules', click_id_param: 'cid' });
    const served = await serve(creative.tag.token);
    const tracker = /, "(https?:\/\/[^"]+)"\);<\/script>/.exec(served.body)![1]!;
    const click = await t.app.inject({
      method: 'GET',
      url: tracker.slice(tracker.indexOf('/t/c')),
      headers: { 'user-agent': BROWSER },
    });
    expect(click.statusCode).toBe(302);
    expect(landing(click.headers.location, 'cid')).toBe('https://shop.example/a');
    const clickId = clickIdOf(click.headers.location, 'cid')!;
    expect(clickId).toMatch(/^[0-9a-z.]+\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{22}$/);

    // Server to server, with a bearer token.
    const token = (
      await admin.post('/v1/user/tokens', { name: 'Shop backend', abilities: ['read', 'write'] })
    ).json().data.token as string;
    const report = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/conversions',
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    const first = await report({ click_id: clickId, value: 49.9 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      campaign_id: creative.campaignId,
      creative_id: creative.creativeId,
      tag_id: creative.tag.id,
      rule_id: creative.rules.a,
      holdout: false,
      value: 49.9,
      duplicate: false,
    });
    // A repeat counts once: by the server call or the pixel.
    const again = await report({ click_id: clickId, value: 10 });
    expect(again.json().data).toMatchObject({ id: first.json().data.id, value: 49.9, duplicate: true });
    const pixel = await t.app.inject({ method: 'GET', url: `/t/conversion?click=${clickId}&value=3` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['set-cookie']).toBeUndefined();

    // The pixel counts a click of its own.
    const links = t.app.services.trackingLinks;
    const view = {
      campaignId: creative.campaignId,
      creativeId: creative.creativeId,
      ruleId: creative.rules.b,
      tagId: creative.tag.id,
    };
    await t.app.inject({
      method: 'GET',
      url: `/t/conversion?click=${links.clickId(view, new Date())}&value=5`,
    });

    // Outside the window (30 days by default), refused; a company's longer window takes it.
    const old = links.clickId(view, new Date(Date.now() - 31 * 86_400_000));
    const late = await report({ click_id: old });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ click_id: [CLICK_OUTSIDE_WINDOW] });
    expect((await admin.put('/v1/company/conversions', { window_days: 45 })).statusCode).toBe(200);
    expect((await report({ click_id: old })).statusCode).toBe(200);
    await admin.put('/v1/company/conversions', { window_days: 30 });

    // Another company's click id is no click of ours, and a forged one neither.
    const otherCompany = await t.createCompany();
    const theirs = await rotating({}, otherCompany);
    const foreign = links.clickId(
      { campaignId: theirs.campaignId, creativeId: theirs.creativeId, ruleId: theirs.rules.a },
      new Date(),
    );
    for (const clickIdOfAnother of [foreign, `${clickId.slice(0, -1)}${clickId.endsWith('A') ? 'B' : 'A'}`]) {
      const refused = await report({ click_id: clickIdOfAnother });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ click_id: [CLICK_ID_UNKNOWN] });
    }

    const rows = await t.db
      .selectFrom('conversions')
      .select(['rule_id', 'value'])
      .where('creative_id', '=', creative.creativeId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.rule_id, Number(row.value)])).toEqual([
      [creative.rules.a, 49.9],
      [creative.rules.b, 5],
      [creative.rules.b, 0],
    ]);
  });

  it('the report: conversions by creative, variant and tag, and the lift of the holdout with its interval', async () => {
    const creative = await rotating({ rotation: 'even', holdout_percent: 30 });
    for (let i = 0; i < 300; i++) {
      const served = await serve(creative.tag.token);
      if (i % 10 !== 0) continue;
      const tracker = /, "(https?:\/\/[^"]+)"\);<\/script>/.exec(served.body)![1]!;
      const click = await t.app.inject({
        method: 'GET',
        url: tracker.slice(tracker.indexOf('/t/c')),
        headers: { 'user-agent': BROWSER },
      });
      if (i % 20 === 0)
        await t.app.inject({
          method: 'GET',
          url: `/t/conversion?click=${clickIdOf(click.headers.location)}&value=2`,
        });
    }
    await t.app.services.stats.flush();
    const res = await editor.get(`/v1/campaigns/${creative.campaignId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.totals).toMatchObject({ impressions: 300, clicks: 30, conversions: 15, value: 30, cvr: 0.5 });
    const [lift] = data.lift.creatives;
    expect(lift).toMatchObject({ creative_id: creative.creativeId, tag_id: null, holdout_percent: 30 });
    expect(lift.dynamic.impressions + lift.control.impressions).toBe(300);
    expect(lift.control.impressions).toBeGreaterThan(0);
    expect(lift.ctr_lift.low).toBeLessThan(lift.ctr_lift.difference);
    expect(lift.ctr_lift.high).toBeGreaterThan(lift.ctr_lift.difference);
    expect(data.lift.tags).toEqual([
      expect.objectContaining({ tag_id: creative.tag.id, tag_name: expect.any(String) }),
    ]);
    expect(data.lift.tags[0].control).toEqual(lift.control);
  });
});
