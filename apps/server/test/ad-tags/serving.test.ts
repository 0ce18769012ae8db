import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MISSES_MAX } from '../../src/plugins/security';
import { RENDER_CSP } from '../../src/storage/render-response';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertApproval, insertAsset } from '../rows';
import { landing } from '../tracking/landing';
import { expectLisbonView, insertApprovedPackage, travelCreative, zoneAtHour } from './fixtures';

let t: TestApp;
let editor: Client;
let travel: Awaited<ReturnType<typeof travelCreative>>;
let token: string;
let tagId: number;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** Creates a tag of `creativeId` through the API; answers it. */
async function createTag(creativeId: number, body: Record<string, unknown> = { name: 'Homepage MPU' }) {
  const res = await editor.post(`/v1/creatives/${creativeId}/tags`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string; serve_url: string; js: string; iframe: string };
}

/**
 * Serves a tag as a browser behind a CDN would ask for it, once every change committed before has
 * reached the server's memory (PostgreSQL delivers it a moment after the commit: hot-path.test.ts
 * shows how soon, across instances).
 */
const serve = async (
  tagToken: string,
  { query = {}, headers = {} }: { query?: Record<string, string>; headers?: Record<string, string> } = {},
) => {
  await t.app.services.adServing.settled();
  return t.app.inject({
    method: 'GET',
    url: `/serve/${tagToken}`,
    query,
    headers: { 'user-agent': BROWSER, ...headers },
  });
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  travel = await travelCreative(t, t.companyId);
  ({ token, id: tagId } = await createTag(travel.creativeId));
});
afterAll(() => t.close());

describe(`serving a tag (${engine})`, () => {
  it('answers the variant of the viewer’s country, under the render sandbox, cookie-less and no-store', async () => {
    const res = await serve(token, { headers: { 'cf-ipcountry': 'BE' }, query: { tz: zoneAtHour(20) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-rule-id']).toBe(String(travel.rules.lisbon));
    // The render's sandbox, but the ad's click-through opens outside it (to a landing page that works,
    // through our click tracker, whose Cross-Origin-Opener-Policy Chrome refuses in a sandboxed window).
    expect(res.headers['content-security-policy']).toBe(RENDER_CSP);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The app's page headers stay out (an ad is no page of ours), but no referrer leaves it.
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('"City":"Lisbon"');
    // The package's other files come from its render URL.
    expect(res.body).toMatch(/<base href="http:\/\/localhost:[0-9]+\/render\/[^"]+\/[0-9]+\/">/);

    const other = await serve(token, { headers: { 'cf-ipcountry': 'DE' }, query: { tz: zoneAtHour(20) } });
    expect(other.headers['x-rule-id']).toBe(String(travel.rules.kyoto));
    expect(other.body).toContain('"City":"Kyoto"');
  });

  it('reads the time in the viewer’s time zone (`tz`), and ignores an absurd one', async () => {
    const morning = await serve(token, { headers: { 'cf-ipcountry': 'DE' }, query: { tz: zoneAtHour(8) } });
    expect(morning.headers['x-rule-id']).toBe(String(travel.rules.reykjavik));
    const evening = await serve(token, { headers: { 'cf-ipcountry': 'DE' }, query: { tz: zoneAtHour(20) } });
    expect(evening.headers['x-rule-id']).toBe(String(travel.rules.kyoto));
    const utcMorning = new Date().getUTCHours() >= 6 && new Date().getUTCHours() < 12;
    for (const tz of [
      'Mars/Olympus_Mons',
      '../../etc/passwd',
      'x'.repeat(99),
      '',
      '%00',
      'UTC\r\nX-Injected: 1',
    ]) {
      const res = await serve(token, { headers: { 'cf-ipcountry': 'DE' }, query: { tz } });
      expect(res.statusCode, tz).toBe(200);
      // Read as UTC.
      expect(res.headers['x-rule-id'], tz).toBe(
        String(utcMorning ? travel.rules.reykjavik : travel.rules.kyoto),
      );
    }
  });

  it('ignores a country header that is no country code, and reads the configured headers', async () => {
    const res = await serve(token, {
      headers: { 'cf-ipcountry': 'Belgium<script>' },
      query: { tz: zoneAtHour(20) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-rule-id']).toBe(String(travel.rules.kyoto));

    const other = await buildTestApp({ GEO_COUNTRY_HEADER: 'X-Viewer-Country' });
    try {
      const user = await other.createUser({ permissions: ['edit creatives'] });
      const client = await other.injectAs(user);
      const own = await travelCreative(other, other.companyId);
      const tag = (await client.post(`/v1/creatives/${own.creativeId}/tags`, { name: 'Elsewhere' })).json()
        .data;
      const headers = { 'user-agent': BROWSER, 'x-viewer-country': 'NL', 'cf-ipcountry': 'DE' };
      const served = await other.app.inject({
        method: 'GET',
        url: `/serve/${tag.token}?tz=${zoneAtHour(20)}`,
        headers,
      });
      expect(served.headers['x-rule-id']).toBe(String(own.rules.lisbon));
    } finally {
      await other.close();
    }
  });

  it('makes clickTag the ad server’s click URL followed by our click tracker, which lands on the rule’s exit URL', async () => {
    const click = 'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOj&sig=Cg0&adurl=';
    const res = await serve(token, {
      headers: { 'cf-ipcountry': 'LU' },
      query: { tz: zoneAtHour(20), click },
    });
    const clickTag = /"(https:\/\/adclick[^"]+)"\);<\/script>/.exec(res.body)?.[1];
    expect(clickTag?.startsWith(click)).toBe(true);
    const tracker = new URL(clickTag!.slice(click.length));
    expectLisbonView(t, travel, tracker, tagId);
    const landed = await t.app.inject({
      method: 'GET',
      url: `${tracker.pathname}${tracker.search}`,
      headers: { 'user-agent': BROWSER },
    });
    expect(landed.statusCode).toBe(302);
    expect(landing(landed.headers.location)).toBe('https://travel.example/lisbon');
  });

  it('drops a click URL that is not http(s), carries CR/LF or is too long', async () => {
    for (const click of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://ads.example/click?\r\nSet-Cookie: a=b',
      'https://ads.example/click?a=</script><script>alert(1)</script>',
      `https://ads.example/click?${'a'.repeat(1100)}`,
      '%%CLICK_URL_ESC%%',
      '//ads.example/click',
    ]) {
      const res = await serve(token, { headers: { 'cf-ipcountry': 'BE' }, query: { click } });
      expect(res.statusCode, click).toBe(200);
      expect(res.headers['set-cookie'], click).toBeUndefined();
      const clickTag = /, "(https?:\/\/[^"]+)"\);<\/script>/.exec(res.body)?.[1];
      expect(new URL(clickTag!).pathname, click).toBe('/t/c');
      expect(res.body, click).not.toContain('alert(1)');
    }
  });

  it('writes the iframe from the JS tag, at the creative’s size, with the time zone and click', async () => {
    const click = 'https://ads.example/click?x=1&adurl=';
    const res = await t.app.inject({
      method: 'GET',
      url: `/serve/${token}.js`,
      query: { click, cb: '123' },
      headers: { 'user-agent': BROWSER },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-rule-id']).toBeUndefined();
    expect(res.body).toContain(`/serve/${token}" + '?tz=' + encodeURIComponent(tz)`);
    expect(res.body).toContain(`var click = ${JSON.stringify(click)};`);
    expect(res.body).toContain('f.width = "300";');
    expect(res.body).toContain('f.height = "250";');
    expect(res.body).toContain('"allow-scripts allow-popups allow-popups-to-escape-sandbox"');

    const bad = await t.app.inject({ method: 'GET', url: `/serve/${token}.js?click=javascript:alert(1)` });
    expect(bad.body).toContain('var click = "";');
  });

  it('answers 410 for a revoked tag, 404 for unknown and malformed tokens, never 5xx', async () => {
    const revoked = await createTag(travel.creativeId, { name: 'Revoked placement' });
    expect((await editor.delete(`/v1/creatives/${travel.creativeId}/tags/${revoked.id}`)).statusCode).toBe(
      204,
    );
    for (const url of [`/serve/${revoked.token}`, `/serve/${revoked.token}.js`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(410);
      expect(res.json()).toEqual({ message: 'This ad tag was revoked.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const bad of [
      'x'.repeat(43),
      token.slice(0, 42),
      `${token}x`,
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
      "'%20OR%201=1",
      'a'.repeat(199),
      'a'.repeat(300),
      '.js',
    ]) {
      for (const url of [`/serve/${bad}`, `/serve/${bad}.js`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
    }
  });
});

describe(`guessing tokens (${engine})`, () => {
  it('serves a known tag to an address that missed too often; only its further misses answer 429', async () => {
    const address = {
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': BROWSER, 'cf-ipcountry': 'BE' },
    };
    const guess = (url: string) => t.app.inject({ method: 'GET', url, ...address });
    for (let i = 0; i < TOKEN_MISSES_MAX; i++) {
      const res = await guess(`/serve/${String(i).padStart(43, 'g')}${i % 2 ? '.js' : ''}`);
      expect(res.statusCode).toBe(404);
    }
    const refused = await guess(`/serve/${'h'.repeat(43)}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.json().message).toMatch(/^Too many requests\./);
    // Every viewer behind that address still gets the real ad, and its script.
    const served = await guess(`/serve/${token}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-rule-id']).toBeDefined();
    expect((await guess(`/serve/${token}.js`)).statusCode).toBe(200);
    // The address's token pages are not locked by its served-tag misses.
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/campaigns/externalreport/${'k'.repeat(43)}`,
      ...address,
    });
    expect(page.statusCode).toBe(404);
  });
});

describe(`what a tag serves instead of the variant (${engine})`, () => {
  it('serves the fallback image while the creative is not live, and a 1×1 without one', async () => {
    const own = await travelCreative(t, t.companyId);
    const tag = await createTag(own.creativeId);
    const imageId = await insertAsset(t.db, { companyId: t.companyId, creativeId: own.creativeId });
    await t.db.updateTable('creatives').set({ status: 'ready' }).where('id', '=', own.creativeId).execute();

    const empty = await serve(tag.token, { headers: { 'cf-ipcountry': 'BE' } });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('image/gif');
    expect(empty.headers['x-rule-id']).toBeUndefined();
    expect(empty.rawPayload.length).toBeLessThan(100);

    await t.db
      .updateTable('creatives')
      .set({ fallback_asset_id: imageId })
      .where('id', '=', own.creativeId)
      .execute();
    const fallback = await serve(tag.token, {
      headers: { 'cf-ipcountry': 'BE' },
      query: { click: 'https://ads.example/c?u=' },
    });
    expect(fallback.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fallback.headers['content-security-policy']).toBe(RENDER_CSP);
    expect(fallback.headers['x-rule-id']).toBeUndefined();
    expect(fallback.body).toMatch(
      /<img src="http:\/\/localhost:[0-9]+\/storage\/[^"]+" width="300" height="250"/,
    );
    expect(fallback.body).toMatch(
      /<a href="https:\/\/ads\.example\/c\?u=http:\/\/localhost:[0-9]+\/t\/c\?v=/,
    );
  });

  it('serves the fallback while no package is approved', async () => {
    const own = await travelCreative(t, t.companyId);
    const tag = await createTag(own.creativeId);
    const imageId = await insertAsset(t.db, { companyId: t.companyId, creativeId: own.creativeId });
    await t.db
      .updateTable('creatives')
      .set({ fallback_asset_id: imageId })
      .where('id', '=', own.creativeId)
      .execute();
    await t.db.updateTable('packages').set({ status: 'rejected' }).where('id', '=', own.packageId).execute();
    const res = await serve(tag.token, { headers: { 'cf-ipcountry': 'BE' } });
    expect(res.headers['x-rule-id']).toBeUndefined();
    expect(res.body).toContain('<img src=');
    await t.db.updateTable('packages').set({ status: 'approved' }).where('id', '=', own.packageId).execute();
    expect((await serve(tag.token, { headers: { 'cf-ipcountry': 'BE' } })).headers['x-rule-id']).toBe(
      String(own.rules.lisbon),
    );
  });

  it('serves a live creative whatever its campaign’s status: the app warns instead (decision 0119)', async () => {
    const own = await travelCreative(t, t.companyId);
    const tag = await createTag(own.creativeId);
    for (const status of ['finished', 'action required', 'draft'] as const) {
      await t.db.updateTable('campaigns').set({ status }).where('id', '=', own.campaignId).execute();
      const res = await serve(tag.token, { headers: { 'cf-ipcountry': 'BE' } });
      expect(res.headers['x-rule-id'], status).toBe(String(own.rules.lisbon));
    }
  });

  it('serves a deleted creative’s tag as a 1×1', async () => {
    const own = await travelCreative(t, t.companyId);
    const tag = await createTag(own.creativeId);
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', own.creativeId)
      .execute();
    const res = await serve(tag.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
  });

  it('serves a publisher’s tag only once they approved the creative, when the campaign asked them', async () => {
    const own = await travelCreative(t, t.companyId);
    const imageId = await insertAsset(t.db, { companyId: t.companyId, creativeId: own.creativeId });
    await t.db
      .updateTable('creatives')
      .set({ fallback_asset_id: imageId })
      .where('id', '=', own.creativeId)
      .execute();
    const approvalId = await insertApproval(t.db, {
      companyId: t.companyId,
      campaignId: own.campaignId,
      creativeId: own.creativeId,
      publisher: `Daily Planet ${own.creativeId}`,
    });
    const { media_entity_id: asked } = await t.db
      .selectFrom('approvals')
      .select('media_entity_id')
      .where('id', '=', approvalId)
      .executeTakeFirstOrThrow();
    const notAsked = await t.db
      .insertInto('media_entities')
      .values({
        company_id: t.companyId,
        name: `Not asked ${own.creativeId}`,
        created_at: '2026-01-01',
        updated_at: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const askedTag = await createTag(own.creativeId, { name: 'Planet MPU', media_entity_id: asked });
    const freeTag = await createTag(own.creativeId, { name: 'Other MPU', media_entity_id: notAsked.id });
    const plainTag = await createTag(own.creativeId, { name: 'Run of network' });
    const headers = { 'cf-ipcountry': 'BE' };
    const ruleOf = async (tagToken: string) => (await serve(tagToken, { headers })).headers['x-rule-id'];

    for (const status of ['pending', 'rejected'] as const) {
      await t.db.updateTable('approvals').set({ status }).where('id', '=', approvalId).execute();
      const res = await serve(askedTag.token, { headers });
      expect(res.headers['x-rule-id'], status).toBeUndefined();
      expect(res.body, status).toContain('<img src=');
    }
    expect(await ruleOf(freeTag.token)).toBe(String(own.rules.lisbon));
    expect(await ruleOf(plainTag.token)).toBe(String(own.rules.lisbon));

    await t.db.updateTable('approvals').set({ status: 'approved' }).where('id', '=', approvalId).execute();
    expect(await ruleOf(askedTag.token)).toBe(String(own.rules.lisbon));

    // Asked about another creative of the campaign only: this one was never approved.
    const second = await t.db
      .insertInto('creatives')
      .values({
        company_id: t.companyId,
        campaign_id: own.campaignId,
        name: `Second ${own.creativeId}`,
        width: 300,
        height: 250,
        status: 'live',
        profile_id: own.profileId,
        created_at: '2026-01-01',
        updated_at: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertApprovedPackage(t, t.companyId, second.id);
    const secondTag = await createTag(second.id, { name: 'Planet second', media_entity_id: asked });
    const res = await serve(secondTag.token, { headers });
    expect(res.headers['x-rule-id']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/gif');
  });
});

describe(`the per-IP ceiling (${engine})`, () => {
  it('leaves served tags outside it, as trackers are: one address (a CDN, a NAT) carries many viewers', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const client = await limited.injectAs(await limited.createUser({ permissions: ['edit creatives'] }));
      const own = await travelCreative(limited, limited.companyId);
      const tag = (await client.post(`/v1/creatives/${own.creativeId}/tags`, { name: 'Behind a CDN' })).json()
        .data as { token: string };
      const from = {
        remoteAddress: '198.51.100.7',
        headers: { 'user-agent': BROWSER, 'cf-ipcountry': 'NL' },
      };
      for (let i = 0; i < 12; i++) {
        await limited.app.services.adServing.settled();
        const served = await limited.app.inject({ method: 'GET', url: `/serve/${tag.token}`, ...from });
        expect(served.statusCode, `view ${i + 1}`).toBe(200);
        expect(served.headers['x-rule-id']).toBe(String(own.rules.lisbon));
        const script = await limited.app.inject({ method: 'GET', url: `/serve/${tag.token}.js`, ...from });
        expect(script.statusCode, `script ${i + 1}`).toBe(200);
      }
      // The same address past the ceiling on an API route is refused, so the ceiling itself holds.
      const api = async () =>
        (await limited.app.inject({ method: 'GET', url: '/healthz/none', ...from })).statusCode;
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) answers.push(await api());
      expect(answers).toContain(429);
    } finally {
      await limited.close();
    }
  });
});

describe(`compression of served documents (${engine})`, () => {
  it('gzips a variant for a browser, byte for byte the document it serves uncompressed', async () => {
    const click = 'https://adserver.example/click?id=7&u=';
    const query = { tz: zoneAtHour(20), click };
    const plain = await serve(token, { headers: { 'cf-ipcountry': 'BE' }, query });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('"City":"Lisbon"');

    const browser = await serve(token, {
      headers: { 'cf-ipcountry': 'BE', 'accept-encoding': 'gzip, deflate, br, zstd' },
      query,
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.headers['x-rule-id']).toBe(String(travel.rules.lisbon));
    expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(browser.rawPayload).toString('utf8')).toBe(plain.body);

    // Another click URL, another document from the same compressed parts.
    const other = await serve(token, {
      headers: { 'cf-ipcountry': 'NL', 'accept-encoding': 'gzip' },
      query: { tz: zoneAtHour(20), click: 'https://other.example/c?x=%%CACHEBUSTER%%&u=' },
    });
    const unzipped = gunzipSync(other.rawPayload).toString('utf8');
    expect(unzipped).toContain('"https://other.example/c?x=%%CACHEBUSTER%%&u=http');
    expect(unzipped.replace(/"https:\/\/other\.example[^"]*"/, '')).toBe(
      plain.body.replace(/"https:\/\/adserver\.example[^"]*"/, ''),
    );

    // A client that takes only Brotli gets it as any other answer, and a refused gzip none of it.
    const brotli = await serve(token, { headers: { 'cf-ipcountry': 'BE', 'accept-encoding': 'br' }, query });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await serve(token, {
      headers: { 'cf-ipcountry': 'BE', 'accept-encoding': 'gzip;q=0, identity' },
      query,
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});
