import { seriousViolations } from './axe';
import { alertBanner, apiAs, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

test('creates a tag, copies its JS snippet, serves it, and revokes it so that it answers 410', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [creative] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/creatives/?items-per-page=1');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/creatives/${creative!.id}?tab=tags`);
  await expect(page.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');

  const name = unique('Homepage MPU');
  await page.getByRole('button', { name: 'New tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tag' });
  await dialog.getByLabel('Placement').fill(name);
  await expect(dialog.getByLabel('Publisher (optional)')).toHaveValue('');
  await page.screenshot({ path: '/tmp/ad-tags-new-1366.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('ad-tag').filter({ hasText: name });
  await expect(row).toContainText('Active');
  // The new tag's snippets are open: its JS tag is shown whole and copied as it is.
  const js = page.getByTestId('tag-js');
  await expect(js).toHaveValue(/^<script[^>]+\/serve\/[A-Za-z0-9_-]{43}\.js\?/);
  await page.getByRole('button', { name: 'Copy javascript tag' }).click();
  await expect(alertBanner(page)).toContainText('JavaScript tag copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await js.inputValue());

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/ad-tags-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/ad-tags-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The serve URL answers a document: the variant, or the fallback (or its 1×1) when none serves.
  const serveUrl = await page.getByTestId('tag-serve-url').inputValue();
  const served = await page.context().newPage();
  const answer = await served.goto(serveUrl);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['cache-control']).toBe('no-store');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: /^Revoke the tag / });
  await expect(confirm).toContainText('Revoked tags answer 410; the placement stops showing the ad.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  expect((await served.goto(serveUrl))?.status()).toBe(410);
});
