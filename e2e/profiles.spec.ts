import type { Page } from '@playwright/test';
import { createFeedFromCsv } from './feeds';
import { alertBanner, expect, test, unique } from './fixtures';

/** A small feed written here: three rows, the second without its Reporting_Label. */
const FEED = [
  'Unique_ID,Reporting_Label,Headline',
  'A1,First,Hello',
  'A2,,No label',
  'A3,Third,Goodbye',
].join('\n');

const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const dataRow = (page: Page, name: string, text: string) =>
  grid(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: text, exact: true }) });
/** A figure of the profile's Details tab, by its term. */
const figure = (page: Page, term: string) =>
  page.getByRole('region', { name: 'Figures' }).locator(`dt:text-is("${term}") + dd`);

test.use({ role: 'admin' });

test('creates a profile from an uploaded CSV, syncs it, shows its rules and errors, syncs again', async ({
  page,
}) => {
  const name = unique('Feed');
  await createFeedFromCsv(page, name, FEED);

  // The first sync starts at once; the page follows it to its end.
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(alertBanner(page)).toContainText(`${name} synced: 1 of 3 rows rejected; 2 active rules.`);
  await expect(alertBanner(page).getByRole('button', { name: 'Open' })).toBeVisible();
  await expect(page.locator('[data-status="synced"]').first()).toBeVisible();
  await expect(figure(page, 'Rows')).toHaveText('3');
  await expect(figure(page, 'Active rows')).toHaveText('2');
  await expect(figure(page, 'Rows with errors')).toHaveText('1');
  await expect(page.getByRole('list', { name: 'Columns' })).toContainText('Headline');

  // The rules: the fixed columns, then the feed's own; the bad row is kept out.
  await page.getByRole('tab', { name: 'Rules' }).click();
  for (const column of ['Unique_ID', 'Reporting_Label', 'Active', 'Headline']) {
    await expect(grid(page, 'Rules').getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(dataRow(page, 'Rules', 'Hello')).toContainText('First');
  await expect(dataRow(page, 'Rules', 'Goodbye')).toContainText('A3');
  await expect(grid(page, 'Rules').getByRole('gridcell', { name: 'No label' })).toHaveCount(0);

  // The errors page names the bad row (row 3 of the sheet, the header being row 1).
  await page.getByRole('link', { name: '1 row with errors · 0 warnings' }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+\/errors$/);
  await expect(page.getByTestId('issues-count')).toHaveText('Showing 1 issue');
  const issue = dataRow(page, 'Issues', '3');
  await expect(issue).toContainText('Reporting_Label');
  await expect(issue).toContainText(/error/i);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /errors\?format=csv/,
  );

  // Sync again: the history lists both syncs.
  await page.getByRole('link', { name: `Back to ${name}` }).click();
  // The first sync's banner goes first, so the next one speaks of the new sync.
  // A short alert also leaves by itself after 6 s, so the click may find it gone: that is fine.
  await alertBanner(page)
    .getByRole('button', { name: 'Dismiss' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(alertBanner(page)).toBeHidden();
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(alertBanner(page)).toContainText(`${name} synced: 1 of 3 rows rejected; 2 active rules.`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('sync-row')).toHaveCount(2);
  await expect(page.getByTestId('sync-row').first()).toContainText(/synced/i);
});

test('a feed whose first sync failed says so in its chip, figures, history and errors', async ({ page }) => {
  const name = unique('Broken feed');
  await page.goto('/profiles/new');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'URL', exact: true }).click();
  // The API answers a request without a session 401: the feed cannot be read.
  await page.getByLabel('Feed URL').fill(`${new URL(page.url()).origin}/v1/profiles`);
  await page.getByRole('button', { name: 'Create profile' }).click();

  await expect(page).toHaveURL(/\/profiles\/\d+$/);
  await expect(page.locator('[data-status="failed"]').first()).toBeVisible();
  await expect(page.getByText('The feed URL answered 401.', { exact: false }).first()).toBeVisible();
  const issues = page.getByRole('link', { name: 'Sync failed · 0 rows with errors · 0 warnings' });
  await expect(issues).toBeVisible();
  await expect(figure(page, 'Rows with errors')).toHaveText('0');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('sync-row')).toHaveCount(1);
  await expect(page.getByTestId('sync-row').first()).toContainText(/failed/i);

  await issues.click();
  await expect(page).toHaveURL(/\/profiles\/\d+\/errors$/);
  await expect(page.getByText('The first sync failed: the feed has no rules yet.')).toBeVisible();
  await expect(page.getByTestId('issues-count')).toHaveText('Showing 1 issue');
  await expect(grid(page, 'Issues')).toContainText('The feed URL answered 401.');
});
