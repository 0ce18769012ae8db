import type { Page } from '@playwright/test';
import { chooseOption, expect, getJson, test, unique } from './fixtures';

test.use({ role: 'admin' });

/** Chooses `option` in the MUI select labelled `label` (within `scope`). */
const choose = (page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) =>
  chooseOption(
    scope.getByRole('combobox', { name: label }),
    page.getByRole('option', { name: option, exact: true }),
  );

const predicate = (page: Page, n: number) => page.getByRole('group', { name: `Predicate ${n}` });
const result = (page: Page) => page.getByRole('region', { name: 'Simulation result' });

test('builds a condition, simulates it, and deletes and restores it', async ({ page }) => {
  const name = unique('Mobile newsletter');
  await page.goto('/conditions/new');
  await page.getByLabel('Name').fill(name);

  // Device is one of mobile, tablet: chips.
  await choose(page, predicate(page, 1), 'Field 1', 'Device');
  await choose(page, predicate(page, 1), 'Operator', 'is one of');
  await predicate(page, 1).getByRole('button', { name: 'mobile' }).click();
  await predicate(page, 1).getByRole('button', { name: 'tablet' }).click();
  await expect(predicate(page, 1).getByRole('button', { name: 'mobile' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // And the ad call's utm_source is newsletter.
  await page.getByRole('button', { name: 'Add predicate' }).click();
  await choose(page, predicate(page, 2), 'Field 2', 'Query parameter…');
  await predicate(page, 2).getByLabel('Parameter name').fill('utm_source');
  await predicate(page, 2).getByLabel('Value of predicate 2').fill('newsletter');
  await page.getByRole('button', { name: 'Create condition' }).click();

  await expect(page).toHaveURL(/\/conditions\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(
    page.getByText('all of: device is one of mobile, tablet; parameter utm_source is newsletter').first(),
  ).toBeVisible();

  // The simulator: a mobile viewer from the newsletter passes; without the parameter it does not.
  const context = page.getByRole('form', { name: 'Simulated context' });
  await context.getByRole('button', { name: 'mobile' }).click();
  await context.getByRole('button', { name: 'Add parameter' }).click();
  await context.getByRole('group', { name: 'Parameter 1' }).getByLabel('Name').fill('utm_source');
  await context.getByRole('group', { name: 'Parameter 1' }).getByLabel('Value').fill('Newsletter');
  await context.getByRole('button', { name: 'Simulate' }).click();
  await expect(result(page)).toContainText('The condition holds: 2 of 2 predicates hold');

  await context.getByRole('button', { name: 'Remove parameter 1' }).click();
  await context.getByRole('button', { name: 'Simulate' }).click();
  await expect(result(page)).toContainText('The condition does not hold: 1 of 2 predicates hold');
  await expect(result(page)).toContainText('The context has no value for the parameter utm_source.');

  // Deleted after a confirmation, then restored from the deleted list.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/conditions$/);
  await page.getByLabel('Show deleted').click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Restore' }).click();
  await page.getByLabel('Show deleted').click();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('a condition field message shows on its predicate', async ({ page }) => {
  await page.goto('/conditions/new');
  await page.getByLabel('Name').fill(unique('Bad dates'));
  await choose(page, predicate(page, 1), 'Field 1', 'Time');
  await choose(page, predicate(page, 1), 'Operator', 'is between');
  await predicate(page, 1).getByLabel('Value of predicate 1: From').fill('18:00');
  await predicate(page, 1).getByLabel('Value of predicate 1: To').fill('09:00');
  await page.getByRole('button', { name: 'Create condition' }).click();
  await expect(predicate(page, 1)).toContainText('The first value of between must not be after the second.');
  await expect(page).toHaveURL(/\/conditions\/new$/);
});

test('a data source is tested before it is saved, and its header value is never shown again', async ({
  page,
  baseURL,
}) => {
  const name = unique('Health');
  await page.goto('/conditions/data-sources/new');
  await page.getByLabel('Name').fill(name);
  // The e2e server opens 127.0.0.1 to data sources (DATASOURCE_ALLOW_HOSTS): its own readiness check.
  await page.getByLabel('URL').fill(`${baseURL}/readyz?probe={param:probe}`);
  await page.getByLabel('JSON path').fill('$.database');
  await page.getByRole('button', { name: 'Add header' }).click();
  const header = page.getByRole('group', { name: 'Header 1' });
  await header.getByLabel('Name').fill('X-Api-Key');
  await header.getByLabel('Value').fill('s3cret-value-42');

  const tester = page.getByRole('region', { name: 'Test' });
  await tester.getByLabel('{param:probe}').fill('e2e');
  await tester.getByRole('button', { name: 'Test' }).click();
  await expect(tester).toContainText('HTTP 200');
  await expect(tester.locator('dt:text-is("Value found") + dd')).toHaveText('up');

  await page.getByRole('button', { name: 'Create data source' }).click();
  await expect(page).toHaveURL(/\/conditions\/data-sources\/\d+$/);
  await expect(page.getByLabel('Value of header 1: set, hidden')).toHaveValue('•••• set');
  await expect(page.locator('body')).not.toContainText('s3cret-value-42');
  const id = page.url().split('/').pop();
  const { body } = await getJson<{ data: { headers: unknown } }>(page, `/v1/datasource/${id}`);
  expect(body.data.headers).toEqual([{ name: 'X-Api-Key', set: true }]);
});

test('a feed-driven creative’s preview tab tells which rule a viewer gets, and why', async ({ page }) => {
  await page.goto('/creatives');
  const { body } = await getJson<{ data: { id: number; profile_id: number | null }[] }>(
    page,
    '/v1/creatives/?items-per-page=100',
  );
  const driven = body.data.find((creative) => creative.profile_id !== null);
  expect(driven, 'the demo data has a feed-driven creative').toBeDefined();
  await page.goto(`/creatives/${driven!.id}?tab=preview`);
  // The tab's cards above the simulator have their final size once the ad and its backup came.
  await expect(page.getByTitle('The ad as it renders')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Backup image: / })).toBeVisible();
  const simulator = page.getByRole('region', { name: 'Simulate a viewer' });
  const answered = page.waitForResponse((response) => response.url().endsWith('/simulate'));
  // By keyboard: a click right after the page scrolled may be routed to the sandboxed ad's frame,
  // whose hit-test area Chromium moves a moment later (an out-of-process frame).
  await simulator.getByRole('button', { name: 'Simulate' }).press('Enter');
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(result(page)).toBeVisible();
  await expect(result(page).getByRole('table', { name: 'Dynamic content' })).toBeVisible();
  await expect(result(page).getByRole('list', { name: 'Rules tried' })).toBeVisible();
});
