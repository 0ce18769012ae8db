import type { Page } from '@playwright/test';
import { expect, pageAs, signIn, submitSignIn, test } from './fixtures';

/** Names unique to this run, so specs never meet each other's campaigns. */
const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

interface CreatedCampaign {
  id: number;
  name: string;
  status: string;
}

/** Calls the API as the signed-in user of `page` (cookie session plus the XSRF header). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const response = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : (await response.json()).data;
    },
    { method, path, body },
  ) as Promise<T>;
}

const createCampaign = (page: Page, body: Record<string, unknown>) =>
  apiCall<CreatedCampaign>(page, 'POST', '/v1/campaigns', body);

const banner = (page: Page) => page.getByTestId('alert-banner');

test.use({ role: 'admin' });

/** A date field's visible, sectioned input (MUI X); its accessible name is the field's label. */
const dateField = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
/** The hidden input behind it, which holds the same DD/MM/YYYY text. */
const dateInput = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true, includeHidden: true });

/**
 * Types a DD/MM/YYYY date into a date field the way MUI X documents for Playwright: focus the visible
 * sections first, then fill the hidden input that carries the field's text.
 */
async function fillDate(page: Page, label: string, date: string) {
  await dateField(page, label).click();
  await dateInput(page, label).fill(date);
  await expect(dateField(page, label)).toContainText(date);
}

test('creates a campaign, edits it, moves its status and shows the history', async ({ page }) => {
  const name = unique('Spring Launch');
  await page.goto('/campaigns/new');
  await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('URL').fill('https://brief.example.com/spring');
  await fillDate(page, 'Launch date', '01/03/2026');
  await fillDate(page, 'End date', '31/03/2026');
  await page.getByRole('button', { name: 'Add range' }).click();
  await fillDate(page, 'Range 1 start', '02/03/2026');
  await fillDate(page, 'Range 1 end', '15/03/2026');
  await page.getByRole('button', { name: 'Create campaign' }).click();

  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(banner(page)).toContainText('Campaign created.');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('01/03/2026 - 31/03/2026')).toBeVisible();
  await expect(page.getByText('30 days')).toBeVisible();
  // The sidebar links to the open campaign by its name.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeVisible();

  await page.getByLabel('URL').fill('https://brief.example.com/spring-v2');
  await page.getByRole('button', { name: 'Remove range 1' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(banner(page)).toContainText('Campaign saved.');
  await page.reload();
  await expect(page.getByLabel('URL')).toHaveValue('https://brief.example.com/spring-v2');
  // The form shows dates DD/MM/YYYY whatever the browser's locale (spec section 9).
  await expect(dateField(page, 'Launch date')).toContainText('01/03/2026');
  await expect(dateInput(page, 'Launch date')).toHaveValue('01/03/2026');
  await expect(dateField(page, 'End date')).toContainText('31/03/2026');
  await expect(dateField(page, 'Range 1 start')).toHaveCount(0);

  await page.getByRole('button', { name: 'Change status' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['quality assurance', 'testing']);
  await menu.getByRole('menuitem', { name: 'quality assurance' }).click();
  await expect(banner(page)).toContainText('Status changed to quality assurance.');
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'action required',
    'testing',
    'ready',
  ]);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\?tab=history$/);
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText('Changed status by Admin');
  await expect(entries.first()).toContainText('draft');
  await expect(entries.first()).toContainText('quality assurance');
  await expect(entries.nth(1)).toContainText('https://brief.example.com/spring-v2');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
});

test.describe('as an editor', () => {
  test.use({ role: 'editor' });

  test('shows server validation errors next to the fields', async ({ page }) => {
    await page.goto('/campaigns/new');
    const taken = await createCampaign(page, { name: unique('Taken Name') });

    await page.getByLabel('Name').fill(taken.name);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    const nameField = page.getByRole('textbox', { name: 'Name' });
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The name has already been taken.').first()).toBeVisible();
    await expect(banner(page)).toContainText('The name has already been taken.');
    await expect(page).toHaveURL(/\/campaigns\/new$/);

    // The shared schema catches cross-field rules before any request.
    await page.getByLabel('Name').fill(unique('Dates'));
    await fillDate(page, 'Launch date', '10/05/2026');
    await fillDate(page, 'End date', '01/05/2026');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByText('The end date must not be before the launch date.')).toBeVisible();
  });
});

test('shares a report link: create, copy, revoke; viewreport selects the timeframe', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard');
  const campaign = await createCampaign(page, {
    name: unique('Shared Report'),
    launch_date: '2026-01-01',
    end_date: '2026-03-31',
  });

  await page.goto(`/campaigns/${campaign.id}/viewreport/2026-01-01/2026-01-31`);
  await expect(page.getByRole('tab', { name: 'Sharing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('timeframe')).toHaveText('Showing 01/01/2026 - 31/01/2026.');
  await expect(page.getByText('No report links yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(banner(page)).toContainText('Report link created.');
  const row = page.getByTestId('report-link');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('01/01/2026 - 31/01/2026');
  const url = (await row.getByTestId('report-link-url').textContent()) ?? '';
  expect(url).toMatch(/\/externalreport\/[A-Za-z0-9_-]{22,}$/);

  await row.getByRole('button', { name: 'Copy link' }).click();
  await expect(banner(page)).toContainText('Link copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A new timeframe is a new URL.
  await fillDate(page, 'From', '01/02/2026');
  await fillDate(page, 'To', '28/02/2026');
  await page.getByRole('button', { name: 'Apply timeframe' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/campaigns/${campaign.id}/viewreport/2026-02-01/2026-02-28\\?tab=sharing$`),
  );
  await expect(page.getByTestId('timeframe')).toHaveText('Showing 01/02/2026 - 28/02/2026.');

  await row.getByRole('button', { name: 'Revoke link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this link?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(banner(page)).toContainText('Report link revoked.');
  await expect(page.getByTestId('report-link')).toHaveCount(0);
  await expect(page.getByText('No report links yet.')).toBeVisible();
});

test.describe("with 'edit campaigns' only", () => {
  test.use({ role: 'campaignsOnly' });

  test('deletes a campaign after confirmation; its page then follows the 404 rule', async ({ page }) => {
    await page.goto('/campaigns');
    const campaign = await createCampaign(page, { name: unique('Doomed') });
    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this campaign?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));

    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this campaign?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(banner(page)).toContainText('Campaign deleted.');

    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(banner(page)).toContainText('Cannot find this item');
  });
});

test('an unknown campaign goes back to the overview with the 404 alert', async ({ page }) => {
  await page.goto('/campaigns/999999');
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(banner(page)).toContainText('Cannot find this item');
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
});

test('list sorting, paging and filter live in the URL and survive reload and back', async ({ page }) => {
  // Eleven URL changes, each remounting the list (spec section 2): more than a short test's time.
  test.slow();
  await page.goto('/campaigns');
  const stamp = unique('Sortable');
  for (const letter of ['B', 'A', 'C']) {
    await createCampaign(page, {
      name: `${stamp} ${letter}`,
      launch_date: '2026-06-01',
      end_date: '2026-06-11',
    });
  }
  await page.reload();
  const grid = page.getByRole('grid', { name: 'Campaigns' });
  const dataRows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });

  await page.getByLabel('Filter campaigns').fill(stamp);
  await expect(page).toHaveURL(/filter=Sortable/);
  await expect(dataRows).toHaveCount(3);
  await expect(dataRows.first()).toContainText('01/06/2026 - 11/06/2026');
  await expect(dataRows.first()).toContainText('10 days');

  await grid.getByRole('columnheader', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort-by=name&sort-order=asc/);
  await expect(dataRows.first()).toContainText(`${stamp} A`);
  await grid.getByRole('columnheader', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort-order=desc/);
  await expect(dataRows.first()).toContainText(`${stamp} C`);

  await page.reload();
  await expect(page.getByLabel('Filter campaigns')).toHaveValue(stamp);
  await expect(dataRows).toHaveCount(3);
  await expect(dataRows.first()).toContainText(`${stamp} C`);

  // Back from a campaign returns to the same list.
  await dataRows.first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: `${stamp} C` })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Filter campaigns')).toHaveValue(stamp);
  await expect(dataRows.first()).toContainText(`${stamp} C`);

  // Paging over the whole list (the seed alone has 16 campaigns).
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/items-per-page=10/);
  await expect(dataRows).toHaveCount(10);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();

  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(page).toHaveURL(/items-per-page=-1/);
  const total = Number((await page.getByText(/^1–\d+ of \d+$/).textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(19);
  await expect(dataRows).toHaveCount(total);

  // The date filter keeps campaigns running on that day.
  await page.goto(`/campaigns?filter=${encodeURIComponent(stamp)}`);
  await fillDate(page, 'Running on', '01/07/2026');
  await expect(page).toHaveURL(/date=2026-07-01/);
  await expect(page.getByText('No campaigns match these filters.')).toBeVisible();
  await fillDate(page, 'Running on', '05/06/2026');
  await expect(dataRows).toHaveCount(3);
});

test('bulk moves offer what some selected campaign allows; a partly done move and restore are summed up', async ({
  page,
}) => {
  const stamp = unique('Bulk');
  await page.goto('/campaigns');
  for (const letter of ['A', 'B']) await createCampaign(page, { name: `${stamp} ${letter}` });
  const c = await createCampaign(page, { name: `${stamp} C` });
  await apiCall(page, 'PUT', `/v1/campaigns/${c.id}`, { status: 'testing' });
  await page.goto(`/campaigns?filter=${encodeURIComponent(stamp)}`);
  const grid = page.getByRole('grid', { name: 'Campaigns' });
  const dataRows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(dataRows).toHaveCount(3);

  // Two drafts and one in testing: ready is offered (testing → ready), and says why the drafts cannot.
  await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Change status' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(4);
  const toReady = menu.getByRole('menuitem').filter({ hasText: /^ready/ });
  await expect(toReady).toContainText(
    '2 of 3 cannot: draft → ready is not allowed: move it to quality assurance first',
  );
  await expect(menu.getByRole('menuitem').filter({ hasText: /^live/ })).toHaveCount(0);
  await toReady.click();

  const results = page.getByRole('dialog', { name: 'Move to ready' });
  await expect(results.getByRole('status')).toHaveText(
    '1 campaign moved to ready, 2 refused.2 refused: draft → ready is not allowed: move it to quality assurance first.',
  );
  await expect(results.getByRole('listitem')).toHaveCount(3);
  // Refusals are told in the dialog, not as a red error.
  await expect(banner(page)).toHaveCount(0);
  await results.getByRole('button', { name: 'Close' }).click();
  await expect(dataRows.filter({ hasText: `${stamp} C` })).toContainText('ready');

  await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 3 campaigns?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(banner(page)).toContainText('3 campaigns deleted.');
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('No campaigns match these filters.')).toBeVisible();

  // A live campaign took A's name meanwhile: restoring the three brings back two and says why not A.
  await createCampaign(page, { name: `${stamp} A` });
  await page.goto(`/campaigns?filter=${encodeURIComponent(stamp)}&deleted=1`);
  const deleted = page.getByRole('grid', { name: 'Campaigns' });
  await expect(deleted.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(3);
  await deleted.getByRole('checkbox', { name: 'Select all rows' }).check();
  await bar.getByRole('button', { name: 'Restore', exact: true }).click();
  const restored = page.getByRole('dialog', { name: 'Restore' });
  await expect(restored.getByRole('status')).toHaveText(
    '2 campaigns restored, 1 refused.1 refused: The name has already been taken.',
  );
  await restored.getByRole('button', { name: 'Close' }).click();
  await expect(deleted.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(1);
});

test.describe('after the session expired', () => {
  // Its own session: the saved admin state must stay signed in for the other specs.
  test.use({ role: null });

  test('a save keeps the edits, and the form offers them back after sign-in', async ({ page }) => {
    await signIn(page, 'admin');
    const campaign = await createCampaign(page, { name: unique('Kept edits') });
    await page.goto(`/campaigns/${campaign.id}`);
    const name = page.getByLabel('Name');
    await expect(name).toHaveValue(campaign.name);
    await name.fill(`${campaign.name} edited`);

    // The browser loses its session (as when it expires): the save is answered 401.
    await page.context().clearCookies({ name: 'adstudio_session' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(banner(page)).toHaveText(/^Your session has expired/);
    await submitSignIn(page, 'admin');
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}$`));

    const offer = page
      .getByRole('alert')
      .filter({ hasText: 'unsaved changes from before you were signed out' });
    await expect(offer).toBeVisible();
    await expect(name).toHaveValue(campaign.name);
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(offer).toHaveCount(0);
    await expect(name).toHaveValue(`${campaign.name} edited`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(banner(page)).toContainText('Campaign saved.');

    // Saved: the kept edits are gone, nothing is offered again.
    await page.reload();
    await expect(name).toHaveValue(`${campaign.name} edited`);
    await expect(page.getByText('unsaved changes from before you were signed out')).toHaveCount(0);
  });
});

test.describe('as qa', () => {
  test.use({ role: 'qa' });

  test('qa sees a read-only campaign but may move it out of quality assurance', async ({ page, browser }) => {
    const admin = await pageAs(browser, 'admin');
    await admin.goto('/dashboard');
    const campaign = await createCampaign(admin, {
      name: unique('QA Review'),
      url: 'https://qa.example.com',
    });
    await apiCall(admin, 'PUT', `/v1/campaigns/${campaign.id}`, { status: 'quality assurance' });
    await admin.close();

    await page.goto(`/campaigns/${campaign.id}`);
    await expect(page.getByRole('heading', { name: campaign.name })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeDisabled();
    await expect(page.getByLabel('URL')).toBeDisabled();
    await expect(dateInput(page, 'Launch date')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clone' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add range' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Change status' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'action required',
      'testing',
      'ready',
    ]);
    await page.getByRole('menuitem', { name: 'testing' }).click();
    await expect(banner(page)).toContainText('Status changed to testing.');

    await page.getByRole('tab', { name: 'Sharing' }).click();
    await expect(page.getByRole('button', { name: 'Create link' })).toHaveCount(0);

    await page.goto('/campaigns');
    await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
  });
});
