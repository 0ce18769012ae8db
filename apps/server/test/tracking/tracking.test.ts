import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { StatsBuffer } from '../../src/modules/tracking/stats-buffer';
import type { TrackedView, TrackingLinks } from '../../src/modules/tracking/tracking-links';
import { buildTestApp, createTestDb, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../rows';
import { landing } from './landing';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CLICK_URL = 'https://brand.example/landing?utm_content=mpu';

let t: TestApp;
let links: TrackingLinks;
let stats: StatsBuffer;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  links = t.app.services.trackingLinks;
  stats = t.app.services.stats;
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

/** A campaign with a creative (click URL `CLICK_URL` unless given), optionally driven by a feed of `rows`. */
async function fixture(
  options: { companyId?: number; clickUrl?: string | null; rows?: Record<string, unknown>[] } = {},
) {
  const companyId = options.companyId ?? t.companyId;
  const campaignId = await insertCampaign(t.db, { companyId, name: `Tracked ${++seq}`, status: 'live' });
  const creativeId = await insertCreative(t.db, {
    companyId,
    campaignId,
    name: `MPU ${seq}`,
    status: 'live',
  });
  let profileId: number | null = null;
  let ruleIds: number[] = [];
  if (options.rows) {
    profileId = await insertProfile(t.db, { companyId, name: `Feed ${seq}` });
    ruleIds = await insertRules(t.db, { companyId, profileId, rows: options.rows });
  }
  await t.db
    .updateTable('creatives')
    .set({ click_url: options.clickUrl === undefined ? CLICK_URL : options.clickUrl, profile_id: profileId })
    .where('id', '=', creativeId)
    .execute();
  const view = (ruleId = 0, preview = false): TrackedView => ({ campaignId, creativeId, ruleId, preview });
  return { companyId, campaignId, creativeId, profileId, ruleIds, view };
}

// light-my-request sends a user agent of its own when none is given: a missing one is unit-tested (bots.test.ts).
const hit = (path: '/t/i' | '/t/c', query: string, userAgent = BROWSER, method = 'GET') =>
  t.app.inject({ method: method as 'GET', url: `${path}?${query}`, headers: { 'user-agent': userAgent } });

const documented = (res: LightMyRequestResponse, url: '/t/i' | '/t/c', method = 'GET') => {
  expectDocumentedAnswer(t.app.swagger(), { method, url }, res);
  return res;
};

/** An impression: always the pixel. */
async function impression(query: string, userAgent?: string, method?: string) {
  const res = documented(await hit('/t/i', query, userAgent, method), '/t/i', method);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/gif');
  expect(res.headers['cache-control']).toBe('no-store, max-age=0');
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  if (method !== 'HEAD') expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
  return res;
}

/** A click: answers where it went, or 404. */
async function click(query: string, userAgent?: string) {
  const res = documented(await hit('/t/c', query, userAgent), '/t/c');
  if (res.statusCode === 302) {
    expect(res.headers['cache-control']).toBe('no-store');
    return landing(res.headers.location);
  }
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ message: expect.any(String) });
  return 404;
}

/** The stats rows of a creative after a flush. */
async function rowsOf(creativeId: number) {
  await stats.flush();
  return t.db
    .selectFrom('stats_daily')
    .selectAll()
    .where('creative_id', '=', creativeId)
    .orderBy('rule_id')
    .execute();
}

describe('GET /t/i', () => {
  it('counts each genuine hit once, into its creative, rule and day, with the creative’s company', async () => {
    const other = await t.createCompany();
    const { creativeId, campaignId, ruleIds, view } = await fixture({
      companyId: other,
      rows: [{ Exit_URL: 'https://a.example' }, { Exit_URL: 'https://b.example' }],
    });
    await impression(links.query(view(ruleIds[0])));
    await impression(links.query(view(ruleIds[0])));
    await impression(links.query(view(ruleIds[1])));
    expect(await rowsOf(creativeId)).toEqual(
      [ruleIds[0], ruleIds[1]].map((ruleId, i) => ({
        company_id: other,
        campaign_id: campaignId,
        creative_id: creativeId,
        rule_id: ruleId,
        day: today(),
        impressions: i === 0 ? 2 : 1,
        clicks: 0,
      })),
    );
    await impression(links.query(view(ruleIds[0])));
    expect((await rowsOf(creativeId)).map((row) => row.impressions)).toEqual([3, 1]);
  });

  it('answers the pixel but counts nothing for a forged, borrowed, tampered or missing signature', async () => {
    const { creativeId, view } = await fixture();
    const another = await fixture();
    const genuine = new URLSearchParams(links.query(view()));
    const v = genuine.get('v')!;
    const s = genuine.get('s')!;
    const forged = [
      `v=${v}&s=${'A'.repeat(22)}`,
      // The signature of another creative.
      `v=${v}&s=${new URLSearchParams(links.query(another.view())).get('s')}`,
      // The payload changed under its signature: another creative, a rule, live instead of preview.
      `v=${v.replace(`.${creativeId}.`, `.${another.creativeId}.`)}&s=${s}`,
      `v=${v.replace(/\.0\.l$/, '.1.l')}&s=${s}`,
      `v=${v}`,
      `s=${s}`,
      '',
      `v=${v}&v=${v}&s=${s}`,
      `v=${'9'.repeat(500)}&s=${s}`,
    ];
    for (const query of forged) await impression(query);
    expect(await rowsOf(creativeId)).toEqual([]);
    expect(await rowsOf(another.creativeId)).toEqual([]);
  });

  it('counts no preview, no bot and no HEAD request', async () => {
    const { creativeId, view } = await fixture();
    await impression(links.query(view(0, true)));
    await impression(links.query(view()), GOOGLEBOT);
    await impression(links.query(view()), 'Mozilla/5.0 HeadlessChrome/131.0.0.0');
    await impression(links.query(view()), 'curl/8.5.0');
    await impression(links.query(view()), BROWSER, 'HEAD');
    expect(await rowsOf(creativeId)).toEqual([]);
  });

  it('drops hits of a creative that is gone or was signed for another campaign', async () => {
    const { campaignId, creativeId } = await fixture();
    const moved = await fixture();
    await impression(links.query({ campaignId, creativeId: 999_999, ruleId: 0, preview: false }));
    await impression(links.query({ campaignId, creativeId: moved.creativeId, ruleId: 0, preview: false }));
    await impression(links.query({ campaignId, creativeId, ruleId: 0, preview: false }));
    expect(await rowsOf(999_999)).toEqual([]);
    expect(await rowsOf(moved.creativeId)).toEqual([]);
    expect((await rowsOf(creativeId)).map((row) => row.impressions)).toEqual([1]);
  });

  it('sums many hits into one row in one flush', async () => {
    const { creativeId, view } = await fixture();
    await stats.flush();
    const query = links.query(view());
    await Promise.all(Array.from({ length: 120 }, () => impression(query)));
    expect(stats.size).toBe(1);
    expect(await rowsOf(creativeId)).toEqual([expect.objectContaining({ rule_id: 0, impressions: 120 })]);
  });
});

describe('GET /t/c', () => {
  it('counts a click and redirects to the rule’s exit column, however it is spelled', async () => {
    const { creativeId, ruleIds, view } = await fixture({
      rows: [
        { Headline: 'Jacket', Exit_URL: 'https://shop.example/jacket' },
        { Headline: 'Shoes', 'exit url': ' https://shop.example/shoes?a=1 ' },
        { Headline: 'No exit' },
      ],
    });
    expect(await click(links.query(view(ruleIds[0])))).toBe('https://shop.example/jacket');
    expect(await click(links.query(view(ruleIds[1])))).toBe('https://shop.example/shoes?a=1');
    expect(await click(links.query(view(ruleIds[2])))).toBe(CLICK_URL);
    await impression(links.query(view(ruleIds[0])));
    expect((await rowsOf(creativeId)).map((row) => [row.rule_id, row.impressions, row.clicks])).toEqual([
      [ruleIds[0], 1, 1],
      [ruleIds[1], 0, 1],
      [ruleIds[2], 0, 1],
    ]);
  });

  it('redirects a creative without feed to its click URL', async () => {
    const { creativeId, view } = await fixture();
    expect(await click(links.query(view()))).toBe(CLICK_URL);
    expect(await rowsOf(creativeId)).toEqual([
      expect.objectContaining({ rule_id: 0, clicks: 1, impressions: 0 }),
    ]);
  });

  it('redirects previews and bots without counting them', async () => {
    const { creativeId, view } = await fixture();
    expect(await click(links.query(view(0, true)))).toBe(CLICK_URL);
    expect(await click(links.query(view()), GOOGLEBOT)).toBe(CLICK_URL);
    expect(await click(links.query(view()), 'python-requests/2.32.3')).toBe(CLICK_URL);
    expect(await rowsOf(creativeId)).toEqual([]);
  });

  it('answers 404 to a forged, borrowed, tampered or missing signature, and counts nothing', async () => {
    const { creativeId, view } = await fixture();
    const another = await fixture();
    const genuine = new URLSearchParams(links.query(view()));
    const v = genuine.get('v')!;
    const s = genuine.get('s')!;
    for (const query of [
      `v=${v}&s=${'A'.repeat(22)}`,
      `v=${v}&s=${new URLSearchParams(links.query(another.view())).get('s')}`,
      `v=${v.replace(`.${creativeId}.`, `.${another.creativeId}.`)}&s=${s}`,
      `v=${v}`,
      '',
    ])
      expect(await click(query)).toBe(404);
    expect(await rowsOf(creativeId)).toEqual([]);
    expect(await rowsOf(another.creativeId)).toEqual([]);
  });

  it('refuses exits that are no http(s) URL, rules of another profile, gone creatives and other campaigns', async () => {
    const feed = await fixture({
      rows: [
        { Exit_URL: 'javascript:alert(document.cookie)' },
        { Exit_URL: 'data:text/html,hi' },
        { Exit_URL: '/relative' },
      ],
    });
    for (const ruleId of feed.ruleIds) expect(await click(links.query(feed.view(ruleId)))).toBe(404);

    // A creative click URL that is no web address, or none.
    const scripted = await fixture({ clickUrl: 'javascript:alert(1)' });
    expect(await click(links.query(scripted.view()))).toBe(404);
    const none = await fixture({ clickUrl: null });
    expect(await click(links.query(none.view()))).toBe(404);

    // A rule of another feed, and a rule named for a creative without feed.
    const other = await fixture({ rows: [{ Exit_URL: 'https://other.example' }] });
    const mine = await fixture({ rows: [{ Exit_URL: 'https://mine.example' }] });
    expect(await click(links.query(mine.view(other.ruleIds[0])))).toBe(404);
    const plain = await fixture();
    expect(await click(links.query(plain.view(other.ruleIds[0])))).toBe(404);

    // Signed for another campaign than the creative's, or for a creative that is gone.
    expect(await click(links.query({ ...mine.view(mine.ruleIds[0]), campaignId: other.campaignId }))).toBe(
      404,
    );
    expect(await click(links.query({ ...plain.view(), creativeId: 999_999 }))).toBe(404);
    const deleted = await fixture();
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', deleted.creativeId)
      .execute();
    expect(await click(links.query(deleted.view()))).toBe(404);

    for (const f of [feed, scripted, none, other, mine, plain, deleted])
      expect(await rowsOf(f.creativeId)).toEqual([]);
    expect(await click(links.query(mine.view(mine.ruleIds[0])))).toBe('https://mine.example/');
  });
});

describe('the trackers', () => {
  it('are public, documented without a per-user rate limit', () => {
    const doc: object = t.app.swagger();
    const paths = (doc as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    for (const path of ['/t/i', '/t/c']) {
      const operation = paths[path]!.get!;
      expect(operation.security).toEqual([]);
      expect(operation.tags).toEqual(['tracking']);
      expect(operation.operationId).toBe(path === '/t/i' ? 'trackImpression' : 'trackClick');
      expect(Object.keys(operation.responses as object)).not.toContain('429');
    }
  });

  it('write what is counted when the app closes, and are not rate limited', async () => {
    // An app that opens and closes its own connection, as a server does, with a tight rate limit.
    const { db, database, drop } = await createTestDb();
    try {
      const app = await buildApp({ config: { ...t.config, database, rateLimitPerMinute: 3 }, logger: false });
      await app.ready();
      const now = new Date().toISOString();
      const company = await db
        .insertInto('companies')
        .values({ name: 'Closing', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const campaignId = await insertCampaign(db, { companyId: company.id, name: 'Closing' });
      const creativeId = await insertCreative(db, { companyId: company.id, campaignId, name: 'Closing MPU' });
      await db.updateTable('creatives').set({ click_url: CLICK_URL }).where('id', '=', creativeId).execute();
      const query = app.services.trackingLinks.query({ campaignId, creativeId, ruleId: 0, preview: false });
      const headers = { 'user-agent': BROWSER };
      for (let i = 0; i < 10; i++) {
        expect((await app.inject({ url: `/t/i?${query}`, headers })).statusCode).toBe(200);
        expect((await app.inject({ url: `/t/c?${query}`, headers })).statusCode).toBe(302);
      }
      // Other routes meet the limit.
      const limited = [];
      for (let i = 0; i < 4; i++)
        limited.push((await app.inject({ url: '/sanctum/csrf-cookie' })).statusCode);
      expect(limited).toEqual([204, 204, 204, 429]);
      await app.close();
      const rows = await db
        .selectFrom('stats_daily')
        .selectAll()
        .where('creative_id', '=', creativeId)
        .execute();
      expect(rows).toEqual([
        {
          company_id: company.id,
          campaign_id: campaignId,
          creative_id: creativeId,
          rule_id: 0,
          day: today(),
          impressions: 10,
          clicks: 10,
        },
      ]);
    } finally {
      await drop();
    }
  });
});
