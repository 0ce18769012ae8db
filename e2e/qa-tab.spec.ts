import type { Page } from '@playwright/test';
import { uploadApprovedPackage } from './approved-package';
import { expectClean } from './axe';
import { alertBanner, apiAs, expect, pageAs, test, unique } from './fixtures';
import { shot } from './shots';

/**
 * A three-row feed made here: Q1 and Q2 fit the headline's box, Q3's headline is far too long for
 * it. The package clips the headline to one line in a 280 px box and exits through the Enabler on
 * a click, so only Q3 should be found wanting (text overflow).
 */
const LONG = 'An exceptionally long headline that cannot possibly fit in the box of a 300 by 250 banner';
const FEED = [
  'Unique_ID,Reporting_Label,Headline',
  'Q1,Short one,Winter sale',
  'Q2,Short two,New boots',
  `Q3,Far too long,${LONG}`,
].join('\n');

const PACKAGE = `<!doctype html><html><head><meta charset="utf-8">
<meta name="ad.size" content="width=300,height=250">
<style>html,body{margin:0;width:300px;height:250px;overflow:hidden;font:18px sans-serif;background:#fff;cursor:pointer}
#headline{position:absolute;left:10px;top:10px;width:280px;height:24px;white-space:nowrap;overflow:hidden}</style>
</head><body><div id="headline">Ad</div><script>
var content = Enabler.getDynamicContent();
var rows = content[Object.keys(content)[0]] || [];
document.getElementById('headline').textContent = (rows[0] && rows[0].Headline) || 'Ad';
document.body.addEventListener('click', function () { Enabler.exit('cta'); });
</script></body></html>`;

let creative = { id: 0, name: '' };
let profileId = 0;

test.use({ role: 'admin' });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(90_000);
  const page = await pageAs(browser, 'admin');
  await page.goto('/dashboard');
  const profileName = unique('QA feed');
  await page.goto('/profiles/new');
  await page.getByLabel('Name').fill(profileName);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'qa.csv', mimeType: 'text/csv', buffer: Buffer.from(FEED) });
  await expect(page.getByTestId('feed-upload')).toHaveAttribute('data-stage', 'done');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(alertBanner(page)).toContainText(`${profileName} synced: 3 active rules.`, {
    timeout: 20_000,
  });
  profileId = Number(/\/profiles\/(\d+)$/.exec(page.url())?.[1]);

  const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', {
    name: unique('QA campaign'),
  });
  creative = await apiAs<{ id: number; name: string }>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('QA rectangle'),
    width: 300,
    height: 250,
    profile_id: profileId,
    click_url: 'https://example.com/landing',
  });
  await uploadApprovedPackage(page, creative.id, 'qa.zip', PACKAGE);
  // In quality assurance, the verdict shows beside the way to live.
  await apiAs(page, 'PUT', `/v1/creatives/${creative.id}`, { status: 'quality assurance' });
  await page.close();
});

const overflow = (page: Page) => page.getByTestId('qa-group-text_overflow');
const finding = (page: Page, uniqueId: string) =>
  page.getByTestId('qa-finding').filter({ hasText: `Open the rule ${uniqueId}` });

test('QA runs from the tab, ends with a banner, and shows the overflowing variant with its screenshot (light)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('darkTheme', 'false'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/creatives/${creative.id}?tab=qa`);
  await expect(page.getByText('No QA run yet.')).toBeVisible();
  await expect(page.getByTestId('qa-verdict')).toHaveText('No QA run');
  await expectClean(page, 'no run yet, 1366 px');

  await page.getByRole('button', { name: 'Run QA' }).click();
  await expect(alertBanner(page)).toContainText(`QA of ${creative.name}`);
  // It ends: the banner says how, with Open to this tab.
  await expect(alertBanner(page)).toContainText(`QA of ${creative.name} finished: 1 error.`, {
    timeout: 150_000,
  });
  await expect(page.getByTestId('qa-verdict-detail')).toContainText('Failed: 1 error');
  await expect(page.getByTestId('qa-verdict')).toHaveText('QA: 1 error');
  await expect(page.getByRole('button', { name: 'Run QA' })).toBeEnabled();
  // Read, the banner is dismissed as a user would: the tab is what is checked from here on.
  await alertBanner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(alertBanner(page)).toBeHidden();

  // The overflowing headline, and nothing of the rows that fit.
  await expect(overflow(page).getByRole('heading')).toHaveText('Text overflow (1)');
  const found = finding(page, 'Q3');
  await expect(found).toContainText('Far too long');
  await expect(page.getByTestId('qa-finding')).toHaveCount(1);
  const thumbnail = found.getByRole('img', { name: 'Screenshot of variant Far too long' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'qa-tab-light-1366', { fullPage: true });
  await expectClean(page, 'finished run, light, 1366 px');

  // The thumbnail opens larger, from the keyboard too.
  await found.getByRole('button', { name: 'Open the screenshot of Far too long larger' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Screenshot of Far too long' });
  await expect(dialog.getByRole('img')).toBeVisible();
  await expectClean(page, 'screenshot dialog, light, 1366 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(found).toBeVisible();
  await shot(page, 'qa-tab-light-390', { fullPage: true });
  await expectClean(page, 'finished run, light, 390 px');

  // The finding opens its rule in the feed.
  await found.getByRole('link', { name: 'Open the rule Q3' }).click();
  await expect(page).toHaveURL(new RegExp(`/profiles/${profileId}\\?tab=rules&filter=Q3$`));
  await expect(page.getByRole('main')).toContainText('Far too long');
});

test('the QA tab in dark at 390 px: filters in the URL, the variant’s preview, the earlier runs', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => localStorage.setItem('darkTheme', 'true'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/creatives/${creative.id}?tab=qa`);
  await expect(finding(page, 'Q3')).toBeVisible();
  await expect(page.getByTestId('qa-run-row')).toHaveCount(1);
  await expectClean(page, 'finished run, dark, 390 px');

  // Filters narrow the findings and live in the URL.
  await page.getByLabel('Severity').click();
  await page.getByRole('option', { name: /^Warnings/ }).click();
  await expect(page).toHaveURL(/severity=warning/);
  await expect(page.getByText('No finding matches these filters.')).toBeVisible();
  await expectClean(page, 'filtered, dark, 390 px');
  await page.reload();
  await expect(page.getByText('No finding matches these filters.')).toBeVisible();
  await page.getByLabel('Severity').click();
  await page.getByRole('option', { name: 'Errors and warnings' }).click();
  await expect(finding(page, 'Q3')).toBeVisible();

  // The variant's preview: the Preview tab with that variant opened.
  await finding(page, 'Q3').getByRole('link', { name: 'Preview Far too long' }).click();
  await expect(page).toHaveURL(/tab=preview&variant=Q3/);
  const variant = page.getByRole('dialog', { name: 'Far too long' });
  await expect(variant.locator('iframe')).toHaveAttribute('title', 'Variant Far too long, live');
  await shot(page, 'qa-variant-preview-dark-390');
});
