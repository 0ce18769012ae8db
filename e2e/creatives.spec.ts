import type { Page } from '@playwright/test';
import { alertBanner, apiAs, expect, test, unique } from './fixtures';

interface Item {
  id: number;
  name: string;
  updated_at: string;
}

const api = (page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) =>
  apiAs<Item>(page, method, path, data);

const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const dataRows = (page: Page, name: string) =>
  grid(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
const statusFilter = (page: Page) => page.getByRole('group', { name: 'Status' });

test.use({ role: 'admin' });

test('creates a creative from its campaign, edits it, moves its status and clones it', async ({ page }) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', { name: unique('Creative Home') });
  const name = unique('Banner');
  await page.goto(`/campaigns/${campaign.id}?tab=creatives`);
  await expect(page.getByText('This campaign has no creatives yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New creative' }).click();

  await expect(page).toHaveURL(new RegExp(`/creatives/new/${campaign.id}$`));
  // The campaign is preselected and stays in place until changed.
  await expect(page.getByRole('textbox', { name: 'Campaign' })).toHaveValue(campaign.name);
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  await expect(page.getByText('No backup image yet — set it from the assets tab.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Profile (feed)' })).toHaveValue('');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: '728 × 90 · Leaderboard' }).click();
  await page.getByLabel('Click URL').fill('https://click.example.com/banner');
  await page.screenshot({ path: '/tmp/creative-new.png', fullPage: true });
  await page.getByRole('button', { name: 'Create creative' }).click();

  await expect(page).toHaveURL(/\/creatives\/\d+$/);
  await expect(alertBanner(page)).toContainText('Creative created.');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('728 × 90', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: campaign.name })).toBeVisible();

  // Edit: a custom size.
  await page.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByLabel('Width (px)').fill('333');
  await page.getByLabel('Height (px)').fill('111');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(alertBanner(page)).toContainText('Creative saved.');
  await page.reload();
  await expect(page.getByText('333 × 111', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Width (px)')).toHaveValue('333');
  await page.screenshot({ path: '/tmp/creative-details.png', fullPage: true });

  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['quality assurance', 'testing']);
  await page.getByRole('menuitem', { name: 'testing' }).click();
  await expect(alertBanner(page)).toContainText('Status changed to testing.');

  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\?tab=preview$/);
  await expect(page.getByRole('img', { name: 'Empty 333 × 111 frame' })).toBeVisible();
  await page.screenshot({ path: '/tmp/creative-view.png', fullPage: true });
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('history-entry');
  await expect(history.first()).toContainText('Changed status by Admin');
  // It reads like a story: statuses as the lists' chips, the campaign by its name, linked.
  await expect(history.first().locator('[data-status="testing"]')).toBeVisible();
  await expect(history.last().getByRole('link', { name: campaign.name })).toHaveAttribute(
    'href',
    `/campaigns/${campaign.id}`,
  );

  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(alertBanner(page)).toContainText(`Copied as "${name} (copy)".`);
  await expect(page.getByRole('heading', { name: `${name} (copy)` })).toBeVisible();

  // Both are in the campaign's creatives tab.
  await page.goto(`/campaigns/${campaign.id}?tab=creatives`);
  const table = page.getByRole('table', { name: 'Creatives' });
  await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: `${name} (copy)` })).toBeVisible();
});

test('a profile drives a creative; its rule filter picks the rules it serves', async ({ page }) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', { name: unique('Feed Home') });
  const creative = await api(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Feed banner'),
    width: 300,
    height: 250,
  });
  await page.goto(`/creatives/${creative.id}`);
  const profile = page.getByRole('combobox', { name: 'Profile (feed)' });
  await profile.fill('Northwind Outdoor');
  await page.getByRole('option', { name: 'Northwind Outdoor – products by region' }).click();
  await page.getByRole('combobox', { name: 'Rule filter column' }).click();
  await page.getByRole('option', { name: 'Region', exact: true }).click();
  const values = page.getByRole('combobox', { name: 'Rule filter values' });
  await values.fill('North');
  await values.press('Enter');
  await expect(page.getByRole('button', { name: 'North' })).toBeVisible();
  await expect(page.getByText('Serve only rules whose Region is one of these values')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(alertBanner(page)).toContainText('Creative saved.');

  const saved = await apiAs<{ profile_id: number; rule_filter: unknown }>(
    page,
    'GET',
    `/v1/creatives/${creative.id}`,
  );
  expect(saved.rule_filter).toEqual({ column: 'Region', values: ['North'] });
  const served = await apiAs<number[]>(
    page,
    'GET',
    `/v1/creatives/${creative.id}/profiles/${saved.profile_id}/rules/ids`,
  );
  expect(served.length).toBeGreaterThan(0);
  await expect(page.getByText(`Serves ${served.length} active rules`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the profile' })).toHaveAttribute(
    'href',
    `/profiles/${saved.profile_id}`,
  );
  await page.screenshot({ path: '/tmp/creative-feed-e2e.png', fullPage: true });
});

test('deletes a creative after confirmation and restores it from the deleted ones; the 404 rule', async ({
  page,
}) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', { name: unique('Restore Home') });
  const creative = await api(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Doomed creative'),
    width: 300,
    height: 250,
  });
  await page.goto(`/creatives/${creative.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this creative?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/creatives$/);
  await expect(alertBanner(page)).toContainText('Creative deleted.');

  // A deleted creative follows the 404 rule.
  await page.goto(`/creatives/${creative.id}`);
  await expect(page).toHaveURL(/\/creatives$/);
  await expect(alertBanner(page)).toContainText('Cannot find this item');

  await page.getByLabel('Filter creatives').fill(creative.name);
  await expect(page).toHaveURL(/filter=Doomed/);
  await expect(page.getByText('No creatives match these filters.')).toBeVisible();
  await page.getByLabel('Show deleted').click();
  await expect(page).toHaveURL(/deleted=1/);
  await expect(page.getByRole('heading', { name: 'Deleted creatives' })).toBeVisible();
  await expect(dataRows(page, 'Creatives')).toHaveCount(1);
  await page.getByRole('button', { name: `Restore ${creative.name}` }).click();
  await expect(alertBanner(page)).toContainText(`Restored "${creative.name}".`);
  await expect(page.getByText('No deleted creatives match these filters.')).toBeVisible();

  await page.getByLabel('Show deleted').click();
  await expect(page).not.toHaveURL(/deleted=1/);
  await expect(dataRows(page, 'Creatives')).toHaveCount(1);
  await dataRows(page, 'Creatives').getByRole('link', { name: creative.name }).click();
  await expect(page.getByRole('heading', { name: creative.name })).toBeVisible();

  await page.goto('/creatives/999999');
  await expect(page).toHaveURL(/\/creatives$/);
  await expect(alertBanner(page)).toContainText('Cannot find this item');
});

test('the status filter narrows both lists and lives in the URL', async ({ page }) => {
  const stamp = unique('Statused');
  const draft = await api(page, 'POST', '/v1/campaigns', { name: `${stamp} draft` });
  const testing = await api(page, 'POST', '/v1/campaigns', { name: `${stamp} testing` });
  await api(page, 'PUT', `/v1/campaigns/${testing.id}`, { status: 'testing' });
  for (const [campaign, suffix] of [
    [draft, 'draft'],
    [testing, 'testing'],
  ] as const) {
    const creative = await api(page, 'POST', '/v1/creatives', {
      campaign_id: campaign.id,
      name: `${stamp} ${suffix}`,
      width: 300,
      height: 250,
    });
    if (suffix === 'testing') await api(page, 'PUT', `/v1/creatives/${creative.id}`, { status: 'testing' });
  }

  for (const [path, list] of [
    ['/campaigns', 'Campaigns'],
    ['/creatives', 'Creatives'],
  ] as const) {
    await page.goto(`${path}?filter=${encodeURIComponent(stamp)}`);
    await expect(dataRows(page, list)).toHaveCount(2);
    await statusFilter(page).getByRole('button', { name: 'testing' }).click();
    await expect(page).toHaveURL(/status=testing/);
    await expect(statusFilter(page).getByRole('button', { name: 'testing' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dataRows(page, list)).toHaveCount(1);
    await expect(dataRows(page, list).first()).toContainText(`${stamp} testing`);
    await statusFilter(page).getByRole('button', { name: 'draft' }).click();
    await expect(page).toHaveURL(/status=draft%2Ctesting/);
    await expect(dataRows(page, list)).toHaveCount(2);
    if (list === 'Creatives') {
      await statusFilter(page).getByRole('button', { name: 'draft' }).click();
      await expect(dataRows(page, list)).toHaveCount(1);
      await page.screenshot({ path: '/tmp/creatives-list.png', fullPage: true });
    }
  }

  // The creatives list by campaign.
  await page.goto(`/creatives?campaign_id=${draft.id}`);
  await expect(page.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue(draft.name);
  await expect(dataRows(page, 'Creatives')).toHaveCount(1);

  // The dashboard's status counts link to the filtered lists.
  await page.goto('/dashboard');
  await page
    .getByRole('list', { name: 'Creatives by status' })
    .getByRole('link', { name: /testing/ })
    .click();
  await expect(page).toHaveURL(/\/creatives\?status=testing$/);
  await expect(statusFilter(page).getByRole('button', { name: 'testing' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('Back with unsaved changes asks first; Stay keeps the edits', async ({ page }) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', { name: unique('Guarded Home') });
  const creative = await api(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Guarded'),
    width: 320,
    height: 50,
  });
  await page.goto(`/campaigns/${campaign.id}?tab=creatives`);
  await page.getByRole('link', { name: creative.name }).click();
  await expect(page.getByRole('heading', { name: creative.name })).toBeVisible();

  const edited = `${creative.name} edited`;
  await page.getByLabel('Name').fill(edited);
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/creatives/${creative.id}$`));
  await expect(page.getByLabel('Name')).toHaveValue(edited);

  // A tab switch asks too; Discard leaves.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\?tab=history$/);
});

test('a stale save is refused and re-applied, like campaigns', async ({ page }) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', { name: unique('Stale Home') });
  const creative = await api(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Stale'),
    width: 300,
    height: 600,
  });
  await page.goto(`/creatives/${creative.id}`);
  await expect(page.getByLabel('Click URL')).toHaveValue('');
  await api(page, 'PUT', `/v1/creatives/${creative.id}`, {
    click_url: 'https://theirs.example.com',
    updated_at: creative.updated_at,
  });
  const mine = `${creative.name} mine`;
  await page.getByLabel('Name').fill(mine);
  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page
    .getByRole('alert')
    .filter({ hasText: 'Someone else changed this creative meanwhile' });
  await conflict.getByRole('button', { name: 'Reload and re-apply' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(mine);
  await expect(page.getByLabel('Click URL')).toHaveValue('https://theirs.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(alertBanner(page)).toContainText('Creative saved.');
});
