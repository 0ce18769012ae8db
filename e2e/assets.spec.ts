import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { alertBanner, apiAs, expect, getJson, test, unique } from './fixtures';

interface Item {
  id: number;
  name: string;
}

/** A plain image of one colour, made here so the test carries no binary fixtures. */
const image = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 121, b: 107 } } })
    [format]()
    .toBuffer();

const cards = (page: Page) => page.getByRole('list', { name: 'Assets' }).getByRole('listitem');
const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Assets' }).getByRole('listitem', { name });

test.use({ role: 'admin' });

test('uploads files to a creative, sets its backup image, deletes and restores one', async ({ page }) => {
  const campaign = await apiAs<Item>(page, 'POST', '/v1/campaigns', { name: unique('Assets Home') });
  const creative = await apiAs<Item>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Rectangle'),
    width: 300,
    height: 250,
  });
  const files = [
    { name: 'backup-300x250.png', mimeType: 'image/png', buffer: await image(300, 250, 'png') },
    { name: 'wide-728x90.png', mimeType: 'image/png', buffer: await image(728, 90, 'png') },
    { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await image(640, 480, 'jpeg') },
  ];

  await page.goto(`/assets/creative/${creative.id}`);
  await expect(page.getByRole('heading', { name: creative.name })).toBeVisible();
  await expect(page.getByText('No assets yet.')).toBeVisible();
  await expect(
    page.getByText(/No backup image yet: set one from an image of exactly 300 × 250/),
  ).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(files);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  for (const file of files) {
    const row = uploads.getByRole('listitem', { name: file.name });
    await expect(row).toHaveAttribute('data-stage', 'done');
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  }
  await expect(page.getByText('3 of 3 uploaded')).toBeVisible();

  // Each appears in the grid with its thumbnail, loaded.
  await expect(cards(page)).toHaveCount(3);
  for (const file of files) {
    const thumbnail = card(page, file.name).getByRole('img', { name: `Thumbnail of ${file.name}` });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(card(page, 'photo.jpg')).toContainText('Image · JPG');
  await expect(card(page, 'photo.jpg')).toContainText('640 × 480');

  // Only the image of the creative's size may be its backup image: its card offers it, and so does
  // the banner the upload brought up.
  await expect(page.getByRole('button', { name: /^Set .* as backup image$/ })).toHaveCount(1);
  await expect(page.getByTestId('backup-offer')).toContainText('"backup-300x250.png" is exactly 300 × 250');
  await page.getByRole('button', { name: 'Set backup-300x250.png as backup image' }).click();
  await expect(alertBanner(page)).toContainText('"backup-300x250.png" is now the backup image.');
  await expect(card(page, 'backup-300x250.png').getByText('Backup image')).toBeVisible();
  await expect(page.getByText('Backup image: "backup-300x250.png".')).toBeVisible();
  await page.screenshot({ path: '/tmp/assets-creative.png', fullPage: true });

  // Delete after confirmation, then restore it from the deleted ones.
  await page.getByRole('button', { name: 'Delete wide-728x90.png' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this asset?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(alertBanner(page)).toContainText('Deleted "wide-728x90.png".');
  await expect(cards(page)).toHaveCount(2);
  await page.getByLabel('Show deleted').check();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Restore wide-728x90.png' }).click();
  await expect(alertBanner(page)).toContainText('Restored "wide-728x90.png".');
  await expect(page.getByText('No deleted assets.')).toBeVisible();
  await page.getByLabel('Show deleted').uncheck();
  await expect(cards(page)).toHaveCount(3);

  // The creative view's Assets tab is the same grid; its details show the backup image.
  await page.goto(`/creatives/${creative.id}?tab=assets`);
  await expect(cards(page)).toHaveCount(3);
  await expect(card(page, 'backup-300x250.png').getByText('Backup image')).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('img', { name: 'Thumbnail of backup-300x250.png' })).toBeVisible();

  // The overview by campaign, then the campaign's creatives.
  await page.goto(`/assets?filter=${encodeURIComponent(campaign.name)}`);
  const campaigns = page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem');
  await expect(campaigns).toHaveCount(1);
  await expect(campaigns.first()).toContainText('1 creative · 3 assets');
  await page.screenshot({ path: '/tmp/assets-overview.png', fullPage: true });
  await campaigns.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/assets/campaign/${campaign.id}$`));
  await expect(page.getByRole('heading', { name: campaign.name, level: 1 })).toBeVisible();
  const creatives = page.getByRole('list', { name: 'Creatives' });
  await expect(creatives.getByRole('listitem', { name: creative.name })).toContainText(
    '300 × 250 · 3 assets',
  );
  await page.screenshot({ path: '/tmp/assets-campaign.png', fullPage: true });
  await creatives.getByRole('link', { name: creative.name }).click();
  await expect(page).toHaveURL(new RegExp(`/assets/creative/${creative.id}$`));
  await expect(cards(page)).toHaveCount(3);
});

test('a refused file fails on its own row with the reason, the others are kept; a stale rename is re-applied', async ({
  page,
}) => {
  const campaign = await apiAs<Item>(page, 'POST', '/v1/campaigns', { name: unique('Refusals') });
  const creative = await apiAs<Item>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Leaderboard'),
    width: 728,
    height: 90,
  });
  await page.goto(`/assets/creative/${creative.id}`);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') },
    { name: 'real.png', mimeType: 'image/png', buffer: await image(728, 90, 'png') },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  const refused = uploads.getByRole('listitem', { name: 'fake.png' });
  await expect(refused).toHaveAttribute('data-stage', 'failed');
  // The reason, beside the file's name: the name is said once.
  await expect(refused).toContainText(/Failed: (?!fake\.png)\S/);
  expect((await refused.innerText()).split('fake.png')).toHaveLength(2);
  await expect(refused.getByRole('button', { name: 'Retry fake.png' })).toBeVisible();
  await expect(uploads.getByRole('listitem', { name: 'real.png' })).toHaveAttribute('data-stage', 'done');
  await expect(cards(page)).toHaveCount(1);

  // A rename based on a stale version is refused, then re-applied on the latest one.
  const [asset] = (
    await getJson<{ data: (Item & { updated_at: string })[] }>(page, `/v1/creatives/${creative.id}/assets`)
  ).body.data;
  await page.getByRole('button', { name: 'Rename real.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename asset' });
  await dialog.getByLabel('Name').fill('Leaderboard.png');
  await apiAs(page, 'PUT', `/v1/assets/${asset?.id}`, { name: 'theirs.png', updated_at: asset?.updated_at });
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await dialog.getByRole('button', { name: 'Reload and re-apply' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('Leaderboard.png');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  await expect(alertBanner(page)).toContainText('Asset renamed.');
  await expect(card(page, 'Leaderboard.png')).toBeVisible();
});

test("a feed-driven creative shows its rules' images and backup, each with its state", async ({ page }) => {
  const creatives = await apiAs<{ id: number; profile_id: number | null }[]>(
    page,
    'GET',
    '/v1/creatives/?items-per-page=100',
  );
  const driven = creatives.find((creative) => creative.profile_id !== null);
  if (!driven) throw new Error('The demo data needs a creative driven by a profile.');

  await page.goto(`/assets/creative/${driven.id}`);
  const region = page.getByRole('region', { name: 'Rule assets' });
  // The profile's first rule is picked; its items are the template's image column and the backup.
  await expect(region.getByRole('combobox', { name: 'Rule' })).toHaveValue(/\S/);
  const items = region.getByRole('list', { name: /^Rule assets of / }).getByRole('listitem');
  await expect(items.filter({ hasText: 'Image_URL' })).toContainText(/https?:\/\//);
  await expect(items.filter({ hasText: 'Backup image' })).toHaveCount(1);
  for (const item of await items.all()) {
    await expect(item).toContainText(/Queued|Fetching|Ready|Failed|Unavailable/);
  }
  await page.screenshot({ path: '/tmp/rule-assets.png', fullPage: true });
});
