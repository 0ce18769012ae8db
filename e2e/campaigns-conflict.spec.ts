import type { Page } from '@playwright/test';
import { alertBanner, apiAs, expect, test, unique } from './fixtures';

interface Campaign {
  id: number;
  name: string;
  url: string | null;
  updated_at: string;
}

test.use({ role: 'editor' });

const api = (page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) =>
  apiAs<Campaign>(page, method, path, data);

test('a save based on a stale read is refused; reload re-applies the typed value, which then saves', async ({
  page,
}) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', {
    name: unique('Conflict'),
    url: 'https://before.example.com',
  });
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible();
  await expect(page.getByLabel('URL')).toHaveValue('https://before.example.com');

  // Meanwhile someone else changes the URL.
  const theirs = await api(page, 'PUT', `/v1/campaigns/${campaign.id}`, {
    url: 'https://theirs.example.com',
    updated_at: campaign.updated_at,
  });
  expect(theirs.updated_at > campaign.updated_at).toBe(true);

  // The page still shows the version it loaded; the user renames the campaign and saves.
  const mine = unique('Renamed here');
  await page.getByLabel('Name').fill(mine);
  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page
    .getByRole('alert')
    .filter({ hasText: 'Someone else changed this campaign meanwhile' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('Your changes were not saved.');
  await expect(page.getByText('Campaign saved.')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/conflict.png' });
  expect((await api(page, 'GET', `/v1/campaigns/${campaign.id}`)).name).toBe(campaign.name);

  await conflict.getByRole('button', { name: 'Reload and re-apply' }).click();
  await expect(conflict).toBeHidden();
  // The typed name is still there, unsaved; the other change is now shown too.
  await expect(page.getByLabel('Name')).toHaveValue(mine);
  await expect(page.getByLabel('URL')).toHaveValue('https://theirs.example.com');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(alertBanner(page)).toContainText('Campaign saved.');
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  const saved = await api(page, 'GET', `/v1/campaigns/${campaign.id}`);
  expect(saved).toMatchObject({ name: mine, url: 'https://theirs.example.com' });
  expect(saved.updated_at > theirs.updated_at).toBe(true);
});

test("the user's own status move while editing is not a conflict", async ({ page }) => {
  const campaign = await api(page, 'POST', '/v1/campaigns', { name: unique('Own move') });
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible();

  await page.getByLabel('URL').fill('https://after-move.example.com');
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'testing' }).click();
  await expect(alertBanner(page)).toContainText('Status changed to testing.');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(alertBanner(page)).toContainText('Campaign saved.');
  await expect(page.getByRole('alert').filter({ hasText: 'changed this campaign meanwhile' })).toHaveCount(0);
  expect(await api(page, 'GET', `/v1/campaigns/${campaign.id}`)).toMatchObject({
    url: 'https://after-move.example.com',
    status: 'testing',
  });
});
