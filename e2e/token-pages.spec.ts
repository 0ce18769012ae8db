import { readFile } from 'node:fs/promises';
import { uploadApprovedPackage } from './approved-package';
import { seriousViolations } from './axe';
import { alertBanner, apiAs, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

interface DemoCreative {
  id: number;
  name: string;
  profile_id: number | null;
}

test('a shared preview opens without signing in and steps through its variants by keyboard', async ({
  page,
  browser,
}) => {
  const [skyway] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/profiles/?filter=Skyway');
  const creatives = await apiAs<DemoCreative[]>(page, 'GET', '/v1/creatives/?items-per-page=100');
  const travel = creatives.find((creative) => creative.profile_id === skyway?.id);
  expect(travel, 'the demo data has a creative driven by the travel feed').toBeDefined();
  const { url } = await apiAs<{ url: string }>(page, 'GET', `/v1/creatives/${travel!.id}/preview-url`);
  const path = new URL(url).pathname;

  // Someone outside: a fresh context, no cookies.
  const context = await browser.newContext();
  try {
    const outsider = await context.newPage();
    await outsider.goto(path);
    await expect(outsider.getByRole('heading', { level: 1, name: travel!.name })).toBeVisible();
    const variants = outsider.getByRole('navigation', { name: 'Variants' });
    await expect(variants.getByRole('button')).toHaveCount(8);
    await expect(outsider.getByText('Variant 1 of 8: Marrakesh – from 219')).toBeVisible();
    // The ad plays the variant's own content, in the sandbox.
    const frame = outsider.locator('iframe[title="Ad: Marrakesh – from 219"]');
    await expect(frame).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    await expect(
      outsider.frameLocator('iframe[title="Ad: Marrakesh – from 219"]').locator('body'),
    ).toContainText('Souks, riads and mint tea');
    await expect(outsider.getByRole('img', { name: `Fallback image of ${travel!.name}` })).toBeVisible();

    await outsider.keyboard.press('ArrowRight');
    await expect(outsider.getByText('Variant 2 of 8: Reykjavík – from 329')).toBeVisible();
    await expect(outsider).toHaveURL(new RegExp(`${path}/\\d+$`));
    const second = outsider.url();
    await expect(
      outsider.frameLocator('iframe[title="Ad: Reykjavík – from 329"]').locator('body'),
    ).toContainText('Northern lights season');
    await outsider.keyboard.press('ArrowLeft');
    await expect(outsider.getByText('Variant 1 of 8: Marrakesh – from 219')).toBeVisible();

    // A click on the ad goes through our click tracker to the variant's exit URL (an outside
    // address, answered here), in a window of its own.
    await context.route('https://www.skyway.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Marrakesh deals</h1>' }),
    );
    const [landing] = await Promise.all([
      outsider.waitForEvent('popup'),
      outsider.frameLocator('iframe[title="Ad: Marrakesh – from 219"]').locator('#ad').click(),
    ]);
    await landing.waitForURL('https://www.skyway.example/**');
    await expect(landing.getByRole('heading', { name: 'Marrakesh deals' })).toBeVisible();
    await landing.close();

    // A variant's own address opens that variant.
    await outsider.goto(second);
    await expect(outsider.getByText('Variant 2 of 8: Reykjavík – from 329')).toBeVisible();
    await expect(variants.getByRole('button', { name: 'Reykjavík – from 329' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    expect(await seriousViolations(outsider, { frames: false })).toEqual([]);

    // An unknown link says so.
    await outsider.goto(`/externalpreview/${'x'.repeat(43)}`);
    await expect(outsider.getByText('This link does not exist')).toBeVisible();
  } finally {
    await context.close();
  }
});

interface Report {
  totals: { impressions: number; clicks: number };
  creatives: { name: string; clicks: number }[];
  tags: { id: number; name: string; impressions: number }[];
}

/** A viewer's browser: the server counts no bots, HeadlessChrome included. */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

test("a shared report opens without signing in, sorts, exports CSV and keeps inside the link's timeframe", async ({
  page,
  browser,
}) => {
  // A demo campaign with traffic and a live creative, and a report link made on its sharing tab.
  const live = await apiAs<{ id: number }[]>(page, 'GET', '/v1/campaigns/?status=live&items-per-page=20');
  const creatives = await apiAs<{ id: number; name: string; campaign_id: number; status: string }[]>(
    page,
    'GET',
    '/v1/creatives/?status=live&items-per-page=100',
  );
  let campaignId = 0;
  let internal: Report | undefined;
  for (const campaign of live) {
    if (!creatives.some((item) => item.campaign_id === campaign.id && item.status === 'live')) continue;
    internal = await apiAs<Report>(page, 'GET', `/v1/campaigns/${campaign.id}/report`);
    if (internal.totals.impressions > 0 && internal.creatives.length > 1) {
      campaignId = campaign.id;
      break;
    }
  }
  expect(campaignId, 'the demo data has a live campaign with traffic and a live creative').toBeGreaterThan(0);

  // A tag of its live creative, served once to a viewer's browser: the report counts it once the
  // stats buffer flushes (every 2 s).
  const creative = creatives.find((item) => item.campaign_id === campaignId && item.status === 'live')!;
  const tagName = unique('Homepage');
  const tag = await apiAs<{ id: number; serve_url: string }>(
    page,
    'POST',
    `/v1/creatives/${creative.id}/tags`,
    {
      name: tagName,
    },
  );
  const served = await page.request.get(tag.serve_url, { headers: { 'user-agent': BROWSER_AGENT } });
  expect(served.status()).toBe(200);
  await expect
    .poll(
      async () => {
        internal = await apiAs<Report>(page, 'GET', `/v1/campaigns/${campaignId}/report`);
        return internal.tags.find((item) => item.id === tag.id)?.impressions;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  await page.goto(`/campaigns/${campaignId}?tab=sharing`);
  await page.getByRole('button', { name: 'Create link' }).click();
  const url = await page.getByTestId('report-link-url').first().textContent();
  const path = new URL(url!).pathname;

  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const outsider = await context.newPage();
    await outsider.goto(path);
    await expect(outsider.getByTestId('total-Impressions')).toContainText(
      internal!.totals.impressions.toLocaleString('en-US'),
    );
    const byCreative = outsider.getByRole('table', { name: 'By creative' });
    await expect(byCreative.locator('tbody tr')).toHaveCount(internal!.creatives.length);

    // Sorted by clicks, most first; the export follows the order shown.
    await byCreative.getByRole('button', { name: 'Clicks' }).click();
    await expect(byCreative.getByRole('columnheader', { name: 'Clicks' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const clicks = [...internal!.creatives].sort((a, b) => b.clicks - a.clicks);
    await expect(byCreative.locator('tbody tr').first()).toContainText(clicks[0]!.name);

    const [download] = await Promise.all([
      outsider.waitForEvent('download'),
      outsider.getByRole('button', { name: 'Export CSV by creative' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-creatives\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Creative ID","Creative","Width","Height","Impressions","Clicks","CTR (%)","Conversions","CVR (%)","Value"',
    );
    expect(lines).toHaveLength(internal!.creatives.length + 1);
    expect(lines[1]).toContain(clicks[0]!.name);

    // The tag's figures, under the creatives; on a phone the table scrolls inside its own box.
    const byTag = outsider.getByRole('table', { name: 'By tag' });
    await expect(byTag.locator('tbody tr').filter({ hasText: tagName })).toContainText(
      `${tagName}${creative.name}—10`,
    );
    await outsider.setViewportSize({ width: 390, height: 800 });
    await byTag.scrollIntoViewIfNeeded();
    expect(await outsider.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await outsider.screenshot({ path: '/tmp/report-by-tag-390.png' });
    await outsider.setViewportSize({ width: 1280, height: 800 });

    // What the link allows bounds the picker: an earlier start is refused next to the field.
    const timeframe = outsider.getByRole('form', { name: 'Report timeframe' });
    await timeframe.getByRole('group', { name: 'From', exact: true }).click();
    await timeframe
      .getByRole('textbox', { name: 'From', exact: true, includeHidden: true })
      .fill('01/01/2020');
    await expect(timeframe).toContainText('Pick a day from');

    expect(await seriousViolations(outsider, { frames: false })).toEqual([]);
  } finally {
    await context.close();
  }
});

const PACKAGE = (text: string) => `<!doctype html><html><head><meta charset="utf-8">
<meta name="ad.size" content="width=300,height=250"><script>var clickTag = "https://example.com";</script>
</head><body><p>${text}</p></body></html>`;

test('a publisher approves and rejects from its link; a new package puts the approval back to pending', async ({
  page,
  browser,
}) => {
  const campaignName = unique('Approvals');
  const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', { name: campaignName });
  const names = [unique('Banner'), unique('Sky')];
  const creatives = [];
  for (const name of names)
    creatives.push(
      await apiAs<{ id: number }>(page, 'POST', '/v1/creatives', {
        campaign_id: campaign.id,
        name,
        width: 300,
        height: 250,
      }),
    );
  const uploadAndApprove = (creativeId: number, file: string, text: string) =>
    uploadApprovedPackage(page, creativeId, file, PACKAGE(text));
  await uploadAndApprove(creatives[0]!.id, 'first.zip', 'First cut');
  const [publisher] = await apiAs<{ id: number; name: string }[]>(
    page,
    'GET',
    '/v1/media-entities/?sort-by=name',
  );

  // Asked from the campaign's approvals tab.
  await page.goto(`/campaigns/${campaign.id}?tab=approvals`);
  await page.getByTestId('request-approval').click();
  const dialog = page.getByRole('dialog');
  for (const name of names) await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByLabel('Publishers').click();
  await page.getByRole('option', { name: publisher!.name }).click();
  await dialog.getByTestId('send-approval-request').click();
  const url = await dialog.getByTestId('requested-approval-link-url').first().textContent();
  const path = new URL(url!).pathname;
  // The user waits on the campaign's details while the publisher decides elsewhere.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();

  const context = await browser.newContext();
  try {
    const outsider = await context.newPage();
    await outsider.goto(path);
    const cards = outsider.getByTestId('approval-card');
    await expect(cards).toHaveCount(2);
    const banner = cards.filter({ hasText: names[0]! });
    const sky = cards.filter({ hasText: names[1]! });
    await expect(banner.frameLocator('iframe').locator('body')).toContainText('First cut');

    // A rejection needs a comment, said next to the field.
    await sky.getByLabel('Your name').fill('Pat Publisher');
    await sky.getByTestId('reject-button').click();
    await expect(sky).toContainText('Say why the creative is rejected.');
    await sky.getByLabel('Comment').fill('No ad yet.');
    await sky.getByTestId('reject-button').click();
    await expect(sky.getByTestId('approval-verdict')).toContainText(/rejected/i);

    await banner.getByLabel('Your name').fill('Pat Publisher');
    await banner.getByTestId('approve-button').click();
    await expect(banner.getByTestId('approval-verdict')).toContainText(/approved/i);
    expect(await seriousViolations(outsider, { frames: false })).toEqual([]);
  } finally {
    await context.close();
  }

  // Coming back to the tab asks again (the 30 s poll is for a user who stays): the banner says what
  // was decided and opens the approvals tab.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const decided = alertBanner(page);
  await expect(decided).toContainText(`2 new decisions on ${campaignName}: 1 approved, 1 rejected.`);
  await decided.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}\\?tab=approvals$`));
  const rows = page.getByTestId('campaign-approval');
  await expect(rows.filter({ hasText: names[0]! })).toContainText('Pat Publisher');
  await expect(rows.filter({ hasText: names[1]! })).toContainText('No ad yet.');

  // A new package version: the approval goes back to pending, saying why.
  await uploadAndApprove(creatives[0]!.id, 'second.zip', 'Second cut');
  await page.goto(`/campaigns/${campaign.id}?tab=approvals`);
  await expect(rows.filter({ hasText: names[0]! }).getByTestId('approval-reset-reason')).toContainText(
    'the package changed (version 2 is now approved)',
  );
  await expect(page.getByTestId('approval-link')).toHaveCount(1);
});
