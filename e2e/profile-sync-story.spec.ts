import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { createFeedFromCsv } from './feeds';
import {
  alertBanner,
  apiAs,
  BACKGROUND,
  bodyBackground,
  expect,
  reloadInLightTheme,
  test,
  unique,
} from './fixtures';
import { shot } from './shots';

/**
 * Issue 44: a sync says what it did. A feed whose row names a condition that does not exist yet
 * syncs with a warning ("1 of 2 rows rejected") whose Open goes to the errors; once the condition
 * exists, the errors page marks the row and the profile offers the sync that adds it.
 */

type Theme = 'dark' | 'light';
const WIDTHS = [1366, 390] as const;

const rejected = (page: Page) => page.getByTestId('rejected-rows');
const issuesGrid = (page: Page) => page.getByRole('grid', { name: 'Issues' });

/** Axe finds nothing serious at either width (with E2E_SHOTS set, a screenshot of each). */
async function checkState(page: Page, state: string, theme: Theme = 'dark') {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    expect(await seriousViolations(page), `${state} at ${width} px, ${theme}`).toEqual([]);
    await shot(page, `${state}-${width}-${theme}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

test.use({ role: 'admin' });

// The flow runs once, in the default dark theme; its end state is checked in light too.
test('a sync that rejects rows says so, and offers the sync that adds them once their condition exists', async ({
  page,
}) => {
  // Twelve axe runs: each of five states at both widths, and the last in light.
  test.slow();
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  const name = unique('Weather feed');
  const condition = unique('Rain soon');
  const feed = ['Unique_ID,Reporting_Label,Conditions', 'W1,Sunny,', `W2,Rainy,${condition}`].join('\n');

  await createFeedFromCsv(page, name, feed);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);

  // The banner warns, and the profile says the same.
  const profileUrl = page.url();
  await expect(alertBanner(page)).toContainText(`${name} synced: 1 of 2 rows rejected; 1 active rule.`);
  await expect(alertBanner(page)).toHaveAttribute('data-color', 'warning');
  await expect(rejected(page)).toContainText('1 of 2 rows rejected');
  await expect(rejected(page)).toContainText('The rules leave them out');
  await expect(rejected(page).getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await checkState(page, 'rejected');

  // Open goes to the errors, which name the condition.
  await alertBanner(page).getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+\/errors$/);
  await expect(issuesGrid(page)).toContainText(`No condition is named "${condition}"`);
  await expect(page.getByTestId('fixable-rows')).toHaveCount(0);
  await checkState(page, 'errors');

  // The condition is created: the errors page marks the row a sync now adds.
  await apiAs(page, 'POST', '/v1/conditions', {
    name: condition,
    logic: 'all',
    predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
  });
  await page.reload();
  await expect(page.getByTestId('fixable-rows')).toHaveText(
    'A sync now adds 1 of these rows: the conditions it names exist now. It is marked below.',
  );
  await expect(issuesGrid(page).getByRole('columnheader', { name: 'Next sync' })).toBeVisible();
  await expect(
    issuesGrid(page).getByRole('row').filter({ hasText: condition }).getByText('Adds the row'),
  ).toBeVisible();
  await checkState(page, 'errors-fixable');

  // The profile offers the sync; it takes the row in and says so.
  await page.goto(profileUrl);
  await expect(rejected(page)).toContainText(
    '1 rejected row names conditions that now exist: sync now to add it.',
  );
  await checkState(page, 'offer');
  await rejected(page).getByRole('button', { name: 'Sync now' }).click();
  await expect(alertBanner(page)).toContainText(`${name} synced: 2 active rules.`);
  await expect(alertBanner(page)).toHaveAttribute('data-color', 'success');
  await expect(rejected(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'No errors' })).toBeVisible();
  await checkState(page, 'synced');

  await reloadInLightTheme(page);
  await expect(page.getByRole('link', { name: 'No errors' })).toBeVisible();
  await checkState(page, 'synced', 'light');
});
