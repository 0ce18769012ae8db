import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { uploadApprovedPackage } from './approved-package';
import { expectClean } from './axe';
import { createFeedFromCsv } from './feeds';
import { alertBanner, apiAs, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

/** A viewer's browser: the server counts no bots, HeadlessChrome included. */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** Views of the publisher's page; every third is clicked, every second click converts. */
const VIEWS = 12;
/** Ad calls of other viewers, without a click: enough that the 10 % holdout has views to compare. */
const MORE_VIEWS = 150;

/** Three offers that match every viewer, and the static default the holdout serves as control. */
const feedOf = (shop: string) =>
  [
    'Unique_ID,Reporting_Label,Active,Is_Default,Conditions,Headline,Exit_URL',
    `spring,Spring offer,TRUE,FALSE,,Spring,${shop}/spring`,
    `summer,Summer offer,TRUE,FALSE,,Summer,${shop}/summer`,
    `autumn,Autumn offer,TRUE,FALSE,,Autumn,${shop}/autumn`,
    `static,Static banner,TRUE,TRUE,,Our shop,${shop}/`,
  ].join('\n');

/** The package: its headline from the rule's content, a click opening `clickTag`. */
const PACKAGE = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<a id="ad" href="#" style="display:block;width:300px;height:250px">Offer</a>
<script>var data = (window.Enabler && Enabler.getDynamicContent && Enabler.getDynamicContent()) || {};
document.getElementById('ad').textContent = (data.Headline) || 'Offer';
document.getElementById('ad').addEventListener('click', function (event) {
  event.preventDefault();
  window.open(window.clickTag);
});</script></body></html>`;

/**
 * A publisher's site on another origin, its ad slot holding the tag's JS snippet (once set), and
 * the advertiser's shop under `/shop/`: its landing page reports every other click's conversion
 * with our pixel (`app`: where the pixel is), by the click id the click tracker added.
 */
async function publisherSite(app: string) {
  const site = { origin: '', snippet: '', clickIds: [] as string[], close: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const html = (body: string) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title></head><body>${body}</body></html>`,
        );
    if (url.pathname === '/') return html(`<h1>Daily News</h1><aside>${site.snippet}</aside>`);
    if (!url.pathname.startsWith('/shop/')) return void response.writeHead(404).end();
    const clickId = url.searchParams.get('adstudio_click');
    if (clickId) site.clickIds.push(clickId);
    const pixel =
      clickId && site.clickIds.length % 2 === 1
        ? `<img alt="" src="${app}/t/conversion?click=${encodeURIComponent(clickId)}&amp;value=25">`
        : '';
    html(`<h1>Thank you</h1>${pixel}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return site;
}

test('an optimized creative with a 10 % holdout: served, clicked and converted on a publisher page; the report shows each variant’s CTR with its interval and the lift', async ({
  page,
  browser,
  baseURL,
}) => {
  // A feed, an upload, a package and a dozen page views.
  test.setTimeout(120_000);
  const site = await publisherSite(baseURL!);
  const shop = `${site.origin}/shop`;
  const profileName = unique('Seasonal offers');
  await createFeedFromCsv(page, profileName, feedOf(shop));
  await expect(alertBanner(page)).toContainText(`${profileName} synced: 4 active rules.`, {
    timeout: 20_000,
  });
  const profileId = Number(/\/profiles\/(\d+)$/.exec(page.url())?.[1]);
  const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', { name: unique('Seasons') });
  const creative = await apiAs<{ id: number; name: string }>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Seasonal MPU'),
    width: 300,
    height: 250,
    profile_id: profileId,
  });
  await uploadApprovedPackage(page, creative.id, 'seasons.zip', PACKAGE);

  // The creative's Details: optimized rotation, a 10 % holdout.
  await page.goto(`/creatives/${creative.id}`);
  await page.getByLabel('Rotation').selectOption('optimized');
  await page.getByLabel('Holdout (%)').fill('10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Rotation')).toHaveValue('optimized');
  const saved = await apiAs<{ rotation: string; holdout_percent: number; status: string }>(
    page,
    'GET',
    `/v1/creatives/${creative.id}`,
  );
  expect(saved).toMatchObject({ rotation: 'optimized', holdout_percent: 10 });
  for (const status of ['quality assurance', 'ready', 'live'])
    await apiAs(page, 'PUT', `/v1/creatives/${creative.id}`, { status });

  // The simulator lists the candidates with their odds: the control takes the holdout's 10 %.
  await page.goto(`/creatives/${creative.id}?tab=tags`);
  const tag = await apiAs<{ id: number; js: string; serve_url: string }>(
    page,
    'POST',
    `/v1/creatives/${creative.id}/tags`,
    { name: unique('Daily News slot'), ad_server: 'generic' },
  );
  const simulated = await apiAs<{
    rotation: { candidates: { reporting_label: string; probability: number }[] };
  }>(page, 'POST', `/v1/creatives/${creative.id}/simulate`, { country: 'FR' });
  expect(
    simulated.rotation.candidates.find((c) => c.reporting_label === 'Static banner')?.probability,
  ).toBeCloseTo(0.1, 5);

  // A generic tag: no ad server in between, no macros to fill.
  site.snippet = tag.js;
  const context = await browser.newContext({ userAgent: BROWSER_AGENT });
  try {
    const viewer = await context.newPage();
    const served: string[] = [];
    for (let view = 0; view < VIEWS; view++) {
      const response = viewer.waitForResponse((r) => r.url().startsWith(`${tag.serve_url}?`));
      await viewer.goto(site.origin);
      served.push((await response).headers()['x-rule-id'] ?? '');
      if (view % 3 !== 0) continue;
      const ad = viewer.frameLocator('aside iframe');
      // Every other landing reports its conversion by the pixel: wait for its answer.
      const pixel =
        view % 2 === 0
          ? context.waitForEvent('response', (r) => r.url().includes('/t/conversion?'))
          : undefined;
      const [landing] = await Promise.all([viewer.waitForEvent('popup'), ad.locator('#ad').click()]);
      await landing.waitForURL((url) => url.href.startsWith(shop));
      await expect(landing.getByRole('heading', { name: 'Thank you' })).toBeVisible();
      if (pixel) expect((await pixel).status()).toBe(200);
      await landing.close();
    }
    expect(served.every((rule) => rule !== '')).toBe(true);
    const conversions = site.clickIds;
    expect(conversions).toHaveLength(VIEWS / 3);
    // One conversion server to server as well, by the click's id.
    const reported = await apiAs<{ duplicate: boolean; creative_id: number }>(
      page,
      'POST',
      '/v1/conversions',
      {
        click_id: conversions[1],
        value: 10,
      },
    );
    expect(reported).toMatchObject({ duplicate: false, creative_id: creative.id });
    for (let i = 0; i < MORE_VIEWS; i++) {
      const response = await page.request.get(tag.serve_url, { headers: { 'user-agent': BROWSER_AGENT } });
      expect(response.status()).toBe(200);
    }
  } finally {
    await context.close();
    await site.close();
  }

  // The report: per-variant CTR with its interval, conversions, and the holdout's lift in words.
  const today = new Date().toISOString().slice(0, 10);
  await expect
    .poll(async () => {
      const report = await apiAs<{ totals: { impressions: number; conversions: number } }>(
        page,
        'GET',
        `/v1/campaigns/${campaign.id}/report`,
      );
      return [report.totals.impressions, report.totals.conversions];
    })
    .toEqual([VIEWS + MORE_VIEWS, 3]);
  await page.goto(`/campaigns/${campaign.id}/viewreport/${today}/${today}`);
  const variants = page.getByRole('table', { name: 'By variant' });
  await expect(variants).toBeVisible();
  await expect(variants.getByRole('columnheader', { name: 'CTR 95 % interval' })).toBeVisible();
  await expect(variants.locator('tbody tr').first()).toContainText('%');
  const lift = page.getByRole('region', { name: 'Lift (holdout)' });
  await expect(lift).toContainText('10 % of views');
  // The control had views: the CTR difference comes with its interval, and words for it.
  await expect(lift.getByTestId('lift-sentence').first()).toContainText(/CTR .*95 % CI/);
  await page.screenshot({ path: '/tmp/rotation-report.png', fullPage: true });
  await expectClean(page, 'the report with its lift');
});
