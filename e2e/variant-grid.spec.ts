import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { uploadApprovedPackage } from './approved-package';
import { seriousViolations } from './axe';
import { alertBanner, apiAs, chooseOption, expect, pageAs, test, unique } from './fixtures';

/**
 * A 50-row feed made here: rule i is on the Weekend condition when i is a multiple of 3 (17
 * rules), in Region South when i is odd (25); row 2 is inactive and row 4 the default.
 */
const feed = (weekend: string) =>
  [
    'Unique_ID,Reporting_Label,Active,Is_Default,Conditions,Region,Headline',
    ...Array.from(
      { length: 50 },
      (_, i) =>
        `V${i},Variant ${i},${i === 2 ? 'FALSE' : 'TRUE'},${i === 4 ? 'TRUE' : 'FALSE'},${i % 3 === 0 ? weekend : ''},${i % 2 ? 'South' : 'North'},Headline ${i}`,
    ),
  ].join('\n');

const PACKAGE = `<!doctype html><html><head><meta charset="utf-8">
<meta name="ad.size" content="width=300,height=250"></head>
<body><p id="headline">Ad</p><script>document.getElementById('headline').textContent =
  (window.Enabler && Enabler.getDynamicContent && JSON.stringify(Enabler.getDynamicContent())) || 'Ad';</script></body></html>`;

const grid = (page: Page) => page.getByRole('list', { name: 'Variants' });
const cards = (page: Page) => grid(page).getByTestId('variant-card');
const count = (page: Page) => page.getByTestId('variant-count');

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page, { frames: false })).toEqual([]);
}

/** Scrolls the page down to its end, screen by screen, noting the rules of the cards mounted on the way. */
async function rulesSeenScrolling(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    for (const id of await cards(page).evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-rule-id')),
    ))
      if (id) seen.add(id);
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY === before;
    });
    if (atEnd) return seen;
    // The window follows the scroll within a frame; the next screen's cards are then mounted.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
}

let creativeId = 0;
let weekendName = '';

test.use({ role: 'admin' });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(90_000);
  const page = await pageAs(browser, 'admin');
  await page.goto('/dashboard');
  weekendName = unique('Weekend');
  await apiAs(page, 'POST', '/v1/conditions', {
    name: weekendName,
    logic: 'all',
    predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
  });
  // The feed, uploaded as a user would.
  const profileName = unique('Fifty variants');
  await page.goto('/profiles/new');
  await page.getByLabel('Name').fill(profileName);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fifty.csv', mimeType: 'text/csv', buffer: Buffer.from(feed(weekendName)) });
  await expect(page.getByTestId('feed-upload')).toHaveAttribute('data-stage', 'done');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(alertBanner(page)).toContainText(`${profileName} synced: 49 active rules.`, {
    timeout: 20_000,
  });
  const profileId = Number(/\/profiles\/(\d+)$/.exec(page.url())?.[1]);

  const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', {
    name: unique('Variant grid'),
  });
  const creative = await apiAs<{ id: number }>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Grid rectangle'),
    width: 300,
    height: 250,
    profile_id: profileId,
  });
  creativeId = creative.id;
  await uploadApprovedPackage(page, creativeId, 'grid.zip', PACKAGE);
  await page.close();
});

for (const { width, height, theme } of [
  { width: 1366, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`the preview shows all 50 variants side by side, windowed and filtered (${width} px, ${theme})`, async ({
    page,
  }) => {
    // Three axe runs and a scroll through the whole grid.
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    if (theme === 'light') await page.addInitScript(() => localStorage.setItem('darkTheme', 'false'));
    await page.goto(`/creatives/${creativeId}?tab=preview`);
    await expect(count(page)).toHaveText('50 variants');
    await grid(page).evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await expect(cards(page).first()).toBeVisible();

    // Windowed: far fewer cards mounted than variants, and at most 12 playing live.
    expect(await cards(page).count()).toBeLessThan(50);
    expect(await grid(page).locator('iframe').count()).toBeLessThanOrEqual(12);
    await expect(grid(page).locator('iframe').first()).toHaveAttribute('sandbox', /allow-scripts/);
    const first = cards(page).first();
    await expect(first).toContainText('Variant 0');
    await expect(first).toContainText(weekendName);
    await expect(cards(page).filter({ hasText: 'Variant 2' })).toContainText('Inactive');
    // Three columns side by side at 1366 px, one at 390 px, where the fifth card is still unmounted.
    if (width > 1000) await expect(cards(page).filter({ hasText: 'Variant 4' })).toContainText('Default');
    await page.screenshot({ path: `/tmp/variant-grid-${width}.png` });
    await expectNoSeriousViolations(page);

    // Scrolling mounts every one of them on the way.
    expect((await rulesSeenScrolling(page)).size).toBe(50);
    await expect(cards(page).last()).toContainText('Variant 49');

    // Keyboard: a card's label opens the variant.
    await page.getByRole('button', { name: 'Open variant Variant 49' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Variant 49' });
    await expect(dialog).toContainText('Headline 49');
    await expect(dialog.locator('iframe')).toHaveAttribute('title', 'Variant Variant 49, live');
    await page.screenshot({ path: `/tmp/variant-dialog-${width}.png` });
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Filters: by condition, then also by a feed field's value.
    await page.evaluate(() => window.scrollTo(0, 0));
    await chooseOption(page.getByLabel('Condition'), page.getByRole('option', { name: weekendName }));
    await expect(count(page)).toHaveText('17 of 50 variants');
    await chooseOption(page.getByLabel('Feed field'), page.getByRole('option', { name: 'Region' }));
    await page.getByRole('textbox', { name: 'Filter variants by Region' }).fill('South');
    // Multiples of 3 that are odd below 50: 3, 9, 15, 21, 27, 33, 39, 45.
    await expect(count(page)).toHaveText('8 of 50 variants');
    await expect(cards(page).first()).toContainText('Variant 3');
    await page
      .getByRole('region', { name: 'Variants' })
      .screenshot({ path: `/tmp/variant-filters-${width}.png` });
    // The page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await rulesSeenScrolling(page)).size).toBe(8);
    await grid(page).evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `/tmp/variant-grid-filtered-${width}.png` });
    await expectNoSeriousViolations(page);
  });
}

test('an uploaded image of exactly the creative size becomes its backup image in one step (390 px, light)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('darkTheme', 'false'));
  await page.goto(`/creatives/${creativeId}?tab=assets`);
  await expect(page.getByText(/No backup image yet/)).toBeVisible();
  const png = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#00796b' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'backup.png', mimeType: 'image/png', buffer: png });
  const offer = page.getByTestId('backup-offer');
  await expect(offer).toContainText(
    'This creative has no backup image yet. "backup.png" is exactly 300 × 250',
  );
  await page.screenshot({ path: '/tmp/variant-backup-offer-390.png' });
  await expectNoSeriousViolations(page);
  await offer.getByRole('button', { name: 'Use as backup image' }).click();
  await expect(alertBanner(page)).toContainText('"backup.png" is now the backup image.');
  await expect(offer).toBeHidden();
  await expect(page.getByText('Backup image: "backup.png".')).toBeVisible();
  const creative = await apiAs<{ fallback_asset_id: number | null }>(
    page,
    'GET',
    `/v1/creatives/${creativeId}`,
  );
  expect(creative.fallback_asset_id).not.toBeNull();
  // The list refetches after the change, dimmed while it does: axe reads it once it is whole.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
