import { AD_SERVERS, type AdServer } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { landing } from '../tracking/landing';
import { expectLisbonView, insertConditionOf, travelCreative, zoneAtHour } from './fixtures';

/**
 * Click macros per ad server: a tag's snippets carry its ad server's macros,
 * and whatever the ad server does with them — fill the click macro escaped or as is, read the target
 * after its click URL raw or as one encoded parameter — our signed click tracker arrives intact and
 * counts the click. The ad servers' behaviour below is written from their documentation
 * (docs/api.md, "Ad tags"), not read from the code under test.
 */
let t: TestApp;
let editor: Client;
let travel: Awaited<ReturnType<typeof travelCreative>>;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** An ad server's click URL: its own parameters (`&`s), the target last. */
const AD_SERVER_CLICK = 'https://adserver.example/click?x=1&y=2&adurl=';

interface Behaviour {
  /** Its click and cache-buster macros as the snippets must spell them. */
  click: string;
  cachebuster: string;
  /** How it fills the click macro: URL-encoded (`_ESC`, `_ENC`) or as is. */
  fills: 'escaped' | 'as is';
  /** How its redirector reads the target after its click URL. */
  reads: 'the rest raw' | 'one encoded parameter';
}

const AD_SERVER_BEHAVIOUR: Record<Exclude<AdServer, 'generic'>, Behaviour> = {
  gam: {
    click: '%%CLICK_URL_ESC%%',
    cachebuster: '%%CACHEBUSTER%%',
    fills: 'escaped',
    reads: 'the rest raw',
  },
  cm360: { click: '%c', cachebuster: '%n', fills: 'as is', reads: 'one encoded parameter' },
  ttd: {
    click: '%%TTD_CLK_ESC%%',
    cachebuster: '%%TTD_CACHEBUSTER%%',
    fills: 'escaped',
    reads: 'one encoded parameter',
  },
  xandr: {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Xandr spells its macros ${…}
    click: '${CLICK_URL_ENC}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: likewise
    cachebuster: '${CACHEBUSTER}',
    fills: 'escaped',
    reads: 'one encoded parameter',
  },
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  travel = await travelCreative(t, t.companyId);
});
afterAll(() => t.close());

interface CreatedTag {
  id: number;
  token: string;
  ad_server: AdServer;
  js: string;
  iframe: string;
}

/** A snippet's URL (its `src`), as the ad server reads the HTML attribute. */
const srcOf = (snippet: string) => /src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, '&');

/** The snippet's URL once the ad server filled its macros in, as its documentation says it does. */
function filled(src: string, adServer: AdServer) {
  if (adServer === 'generic') return src;
  const { click, cachebuster, fills } = AD_SERVER_BEHAVIOUR[adServer];
  const url = fills === 'escaped' ? encodeURIComponent(AD_SERVER_CLICK) : AD_SERVER_CLICK;
  return src.replace(click, () => url).replace(cachebuster, () => '48213');
}

/** A served document's clickTag. */
const clickTagOf = (html: string) => /, "(https?:\/\/[^"]+)"\);<\/script>/.exec(html)?.[1];

/** Where the ad server's redirector sends the viewer after a click on `clickTag`: our tracker. */
function redirected(clickTag: string, adServer: AdServer) {
  if (adServer === 'generic') return clickTag;
  expect(clickTag.startsWith(AD_SERVER_CLICK), clickTag).toBe(true);
  return AD_SERVER_BEHAVIOUR[adServer].reads === 'the rest raw'
    ? clickTag.slice(clickTag.indexOf('adurl=') + 'adurl='.length)
    : // URLSearchParams decodes the value once and ends it at the first raw `&`, as such a redirector does.
      new URL(clickTag).searchParams.get('adurl')!;
}

/** Asks for a URL of ours as a browser in `country` would, once the server heard every change. */
const get = async (url: string, country = 'BE') => {
  await t.app.services.adServing.settled();
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: 'GET',
    url: `${pathname}${search}`,
    headers: { 'user-agent': BROWSER, 'cf-ipcountry': country },
  });
};

/** Follows a click through the ad server's redirector to our tracker; answers where it lands. */
async function clickThrough(clickTag: string, adServer: AdServer, tagId: number) {
  const tracker = new URL(redirected(clickTag, adServer));
  // The signature arrived whole: the tracker knows the view.
  expectLisbonView(t, travel, tracker, tagId);
  const landed = await get(tracker.href);
  expect(landed.statusCode).toBe(302);
  return landing(landed.headers.location);
}

async function clicksOf(tagId: number) {
  await t.app.services.stats.flush();
  const rows = await t.db
    .selectFrom('stats_tag_daily')
    .select('clicks')
    .where('tag_id', '=', tagId)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.clicks), 0);
}

describe(`tags per ad server (${engine})`, () => {
  it('takes `ad_server` (Google Ad Manager by default), answers it and writes that ad server’s macros', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const adServer of AD_SERVERS) {
      const res = await editor.post(`/v1/creatives/${travel.creativeId}/tags`, {
        name: `For ${adServer}`,
        ad_server: adServer,
      });
      expect(res.statusCode, res.body).toBe(201);
      expectDocumentedAnswer(doc, { method: 'POST', url: '/v1/creatives/:id/tags' }, res);
      const tag = res.json().data as CreatedTag;
      expect(tag.ad_server).toBe(adServer);
      for (const src of [srcOf(tag.js), srcOf(tag.iframe)]) {
        const query = new URL(src).search;
        if (adServer === 'generic') expect(query).toBe('');
        else {
          const { click, cachebuster, fills } = AD_SERVER_BEHAVIOUR[adServer];
          // An unescaped click URL brings its own `&`s: it comes last and is read to the end.
          expect(query).toBe(
            fills === 'escaped' ? `?click=${click}&cb=${cachebuster}` : `?cb=${cachebuster}&click=${click}`,
          );
        }
      }
    }
    const plain = await editor.post(`/v1/creatives/${travel.creativeId}/tags`, { name: 'Unsaid' });
    expect(plain.json().data.ad_server).toBe('gam');

    const bad = await editor.post(`/v1/creatives/${travel.creativeId}/tags`, {
      name: 'Elsewhere',
      ad_server: 'adform',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('ad_server');

    const listed = await editor.get(`/v1/creatives/${travel.creativeId}/tags`);
    expectDocumentedAnswer(doc, { method: 'GET', url: '/v1/creatives/:id/tags' }, listed);
    const servers = (listed.json().data as CreatedTag[]).map((tag) => tag.ad_server);
    expect(servers).toEqual([...AD_SERVERS, 'gam']);
  });

  for (const adServer of AD_SERVERS) {
    const how =
      adServer === 'generic'
        ? 'no macros: the plain tracker'
        : `click macro filled ${AD_SERVER_BEHAVIOUR[adServer].fills}, target read as ${AD_SERVER_BEHAVIOUR[adServer].reads}`;
    it(`${adServer} (${how}): the signed tracker arrives intact after the ad server’s redirect and counts the click`, async () => {
      const tag = (
        await editor.post(`/v1/creatives/${travel.creativeId}/tags`, {
          name: `Clicks through ${adServer}`,
          ad_server: adServer,
        })
      ).json().data as CreatedTag;

      // The iframe tag, as the ad server writes it into the page.
      const served = await get(filled(srcOf(tag.iframe), adServer));
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['x-rule-id']).toBe(String(travel.rules.lisbon));
      const clickTag = clickTagOf(served.body)!;
      expect(await clickThrough(clickTag, adServer, tag.id)).toBe('https://travel.example/lisbon');

      // The JS tag: its script writes the iframe with the click URL it was given (re-encoded).
      const script = await get(filled(srcOf(tag.js), adServer));
      expect(script.statusCode).toBe(200);
      const given = JSON.parse(/var click = ("[^"]*");/.exec(script.body)![1]!) as string;
      expect(given).toBe(adServer === 'generic' ? '' : AD_SERVER_CLICK);
      const frame = new URL(srcOf(tag.iframe));
      frame.search = `?tz=${encodeURIComponent(zoneAtHour(20))}&cb=1733130000000123456`;
      if (given) frame.search += `&click=${encodeURIComponent(given)}`;
      const framed = await get(frame.href);
      expect(clickTagOf(framed.body)).toBe(clickTag);
      expect(await clickThrough(clickTagOf(framed.body)!, adServer, tag.id)).toBe(
        'https://travel.example/lisbon',
      );

      expect(await clicksOf(tag.id)).toBe(2);
    });
  }

  it('keeps an unescaped click URL’s own parameters out of the ad call’s: conditions never read them', async () => {
    const own = await travelCreative(t, t.companyId);
    const asked = await insertConditionOf(t, t.companyId, `y is 2 (${own.creativeId})`, [
      { field: 'param:y', operator: 'eq', value: '2' },
    ]);
    await t.db
      .updateTable('profile_rules')
      .set({ condition_ids: JSON.stringify([asked]) })
      .where('id', '=', own.rules.reykjavik!)
      .execute();
    const tag = (
      await editor.post(`/v1/creatives/${own.creativeId}/tags`, { name: 'Raw', ad_server: 'cm360' })
    ).json().data as CreatedTag;
    const serve = srcOf(tag.iframe).split('?')[0]!;
    // The ad call's own `y` is read…
    expect((await get(`${serve}?y=2`, 'DE')).headers['x-rule-id']).toBe(String(own.rules.reykjavik));
    // …but not the `y` of the ad server's click URL (`…/click?x=1&y=2&adurl=`), split off by the parser.
    const served = await get(filled(srcOf(tag.iframe), 'cm360'), 'DE');
    expect(served.headers['x-rule-id']).toBe(String(own.rules.kyoto));
    expect(clickTagOf(served.body)?.startsWith(AD_SERVER_CLICK)).toBe(true);
  });
});
