import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Creates a profile named `name` from a CSV uploaded on the new-profile page, as a person does;
 * its first sync starts at once and the page goes on to the profile.
 */
export async function createFeedFromCsv(page: Page, name: string, csv: string) {
  await page.goto('/profiles/new');
  await expect(page.getByRole('heading', { name: 'New profile' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'feed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('feed-upload')).toHaveAttribute('data-stage', 'done');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+$/);
}
