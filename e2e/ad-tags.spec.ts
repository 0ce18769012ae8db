import { TAG_TRIAL_MESSAGES } from '../packages/contract/src/ad-tags/ad-tag';
import { STATUS_TRANSITIONS, type Status } from '../packages/contract/src/statuses';
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
  // Google Ad Manager unless told otherwise; this placement is bought through The Trade Desk.
  await expect(dialog.getByLabel('Ad server')).toHaveValue('gam');
  await dialog.getByLabel('Ad server').selectOption({ label: 'The Trade Desk' });
  await page.screenshot({ path: '/tmp/ad-tags-new-1366.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('ad-tag').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('The Trade Desk');
  // The new tag's snippets are open, with The Trade Desk's macros: its JS tag is shown whole and copied as it is.
  const js = page.getByTestId('tag-js');
  await expect(js).toHaveValue(
    /^<script[^>]+\/serve\/[A-Za-z0-9_-]{43}\.js\?click=%%TTD_CLK_ESC%%&amp;cb=%%TTD_CACHEBUSTER%%"/,
  );
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
  await expect(confirm).toContainText('The placement stops showing this creative at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  expect((await served.goto(serveUrl))?.status()).toBe(410);
});

test('“Try it” on the travel creative’s tag: a Benelux viewer gets the Lisbon variant, rendered', async ({
  page,
}) => {
  // The demo travel creative (the Skyway destinations feed), live with an approved package: one of
  // them is a move away from live in the demo data.
  const [skyway] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/profiles/?filter=Skyway');
  const creatives = await apiAs<{ id: number; profile_id: number | null; status: Status }[]>(
    page,
    'GET',
    '/v1/creatives/?items-per-page=100',
  );
  const travel = creatives.find(
    (creative) =>
      creative.profile_id === skyway?.id &&
      (creative.status === 'live' || STATUS_TRANSITIONS[creative.status].includes('live')),
  );
  expect(travel, 'the demo data has a travel creative that may go live').toBeDefined();
  const packages = await apiAs<{ id: number; status: string }[]>(
    page,
    'GET',
    `/v1/creatives/${travel!.id}/packages`,
  );
  if (!packages.some((item) => item.status === 'approved'))
    await apiAs(page, 'PUT', `/v1/creatives/${travel!.id}/packages/${packages[0]!.id}`, {
      status: 'approved',
    });
  if (travel!.status !== 'live') await apiAs(page, 'PUT', `/v1/creatives/${travel!.id}`, { status: 'live' });
  const name = unique('Travel MPU');
  await apiAs(page, 'POST', `/v1/creatives/${travel!.id}/tags`, { name });

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/creatives/${travel!.id}?tab=tags`);
  const toggle = page.getByRole('button', { name: `Show Try it for ${name}` });
  await toggle.click();
  await expect(page.getByRole('button', { name: `Hide Try it for ${name}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const panel = page.getByRole('region', { name: `Try ${name}` });
  const context = panel.getByRole('form', { name: 'Simulated context' });
  await context.getByRole('combobox', { name: 'Country' }).fill('BE');
  await page.getByRole('option', { name: 'BE · Belgium' }).click();
  // A mild day, whatever the demo weather says: on a cold one the Marrakesh rule, first in the feed, wins.
  await context.getByRole('button', { name: 'Override a data source' }).click();
  const override = context.getByRole('group', { name: 'Data source override 1' });
  await override.getByRole('combobox', { name: 'Data source' }).fill('Weather');
  await page.getByRole('option', { name: /^Weather by city/ }).click();
  await override.getByLabel('Value to use').fill('18');
  await context.getByRole('button', { name: 'Try' }).click();

  const served = panel.getByRole('region', { name: 'What the tag serves' });
  await expect(served).toContainText(TAG_TRIAL_MESSAGES.served);
  await expect(served).toContainText('Serves: The variant Lisbon – from 149');
  const ad = panel.frameLocator('iframe[title^="The tag’s variant: Lisbon"]');
  await expect(ad.locator('.headline')).toHaveText('Pastel de nata and tram 28');
  await expect(panel.getByRole('list', { name: 'Rules tried' })).toContainText('Lisbon – from 149');

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/ad-tags-try-1366.png', fullPage: true, animations: 'disabled' });
  // At a phone's width the form and the result stack, and nothing pushes the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await served.scrollIntoViewIfNeeded();
  await expect(ad.locator('.headline')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.screenshot({ path: '/tmp/ad-tags-try-390.png', animations: 'disabled' });
});
