import type { Page, Response } from '@playwright/test';
import { expect, sidebar, signIn, test } from './fixtures';

interface Result {
  type: 'campaign' | 'creative' | 'profile';
  title: string;
  url: string;
  searchable: Record<string, string | number | null>;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: /^Search campaigns/ });
const searchField = (page: Page) => page.getByTestId('global-search').locator('> div').first();
const panel = (page: Page) => page.getByTestId('search-panel');
/** The results popup is a grid: one row per result, whose cell may hold the profile's feed link. */
const rows = (page: Page) => page.getByRole('grid', { name: 'Search results' }).getByRole('row');

const isSearch = (response: Response) => new URL(response.url()).pathname.startsWith('/v1/search/');

/** The query the server received, decoded from the path's base64 as the server does. */
const sentQuery = (response: Response) =>
  Buffer.from(
    decodeURIComponent(new URL(response.url()).pathname.slice('/v1/search/'.length)),
    'base64',
  ).toString('utf8');

/** Types a query and returns the real endpoint's answer to it. */
async function search(page: Page, query: string): Promise<Result[]> {
  const answered = page.waitForResponse((response) => isSearch(response) && sentQuery(response) === query);
  await searchBox(page).fill(query);
  const response = await answered;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Result[] }).data;
}

/** DD/MM/YYYY of an ISO calendar date, computed independently of the SPA. */
const ddmmyyyy = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

async function width(locator: ReturnType<Page['locator']>) {
  return (await locator.boundingBox())?.width ?? Number.NaN;
}

test('typing shows the searching state, then the real results with chips and subtitles', async ({ page }) => {
  await signIn(page, 'admin');
  // Hold the real request until the searching state has been seen, then let the server answer.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/v1/search/**', async (route) => {
    await held;
    await route.continue();
  });

  const answered = page.waitForResponse(isSearch);
  await searchBox(page).fill('Lumen');
  const searching = panel(page).getByRole('status');
  await expect(searching).toContainText('Searching for “Lumen”');
  await expect(searching.getByRole('progressbar')).toBeVisible();
  release();
  const response = await answered;
  expect(sentQuery(response)).toBe('Lumen');
  const results = ((await response.json()) as { data: Result[] }).data;
  await page.unroute('**/v1/search/**');

  // Seeded 'Lumen Coffee' has a campaign, creatives and a product feed profile.
  expect(new Set(results.map((r) => r.type))).toEqual(new Set(['campaign', 'creative', 'profile']));
  await expect(rows(page)).toHaveCount(results.length);
  await expect(searching).toBeHidden();

  for (const [index, result] of results.entries()) {
    const row = rows(page).nth(index);
    await expect(row).toContainText(result.title);
    await expect(row.locator('.MuiChip-root').first()).toHaveText(result.type);
    const s = result.searchable;
    if (s.status) await expect(row).toContainText(String(s.status));
    if (result.type === 'campaign') {
      await expect(row).toContainText(`Launch ${ddmmyyyy(String(s.launch_date))}`);
    } else if (result.type === 'creative') {
      await expect(row).toContainText(`${s.width} x ${s.height}`);
    } else {
      const feed = row.getByRole('link', { name: /Open Data Feed/ });
      await expect(feed).toHaveAttribute('href', `https://docs.google.com/spreadsheets/d/${s.gsheet_id}`);
      await expect(feed).toHaveAttribute('target', '_blank');
      await expect(row).toContainText(`Imported ${ddmmyyyy(String(s.created_at))}`);
    }
  }
});

test('arrow keys move the highlight and Enter opens {type}.view', async ({ page }) => {
  await signIn(page, 'admin');
  const results = await search(page, 'Lumen');
  expect(results.length).toBeGreaterThanOrEqual(3);
  await expect(rows(page)).toHaveCount(results.length);
  const selected = page.getByRole('row', { selected: true });
  await expect(selected).toHaveCount(0);

  await searchBox(page).press('ArrowDown');
  await expect(rows(page).nth(0)).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('ArrowDown');
  await expect(rows(page).nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(selected).toHaveCount(1);
  await searchBox(page).press('ArrowUp');
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(selected).toHaveCount(1);

  await searchBox(page).press('Enter');
  // The result's url is the path of the item; the route change also clears the search.
  await expect(page).toHaveURL((url) => url.pathname === results[1]?.url);
  await expect(searchBox(page)).toHaveValue('');
  await expect(panel(page)).toBeHidden();
  // Opening a result ends the search: the box is back to its resting width.
  await expect.poll(() => width(searchField(page))).toBeCloseTo(170, 0);
});

test('Enter with nothing highlighted opens the first result, and the box shrinks back to 170 px', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const results = await search(page, 'Lumen');
  await expect(rows(page)).toHaveCount(results.length);
  await expect(page.getByRole('row', { selected: true })).toHaveCount(0);
  await expect.poll(() => width(searchField(page))).toBeCloseTo(300, 0);

  await searchBox(page).press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === results[0]?.url);
  await expect(panel(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).not.toBeFocused();
  await expect.poll(() => width(searchField(page))).toBeCloseTo(170, 0);
});

test("the profile's 'Open Data Feed' link is reachable with the arrow keys", async ({ page, context }) => {
  await signIn(page, 'admin');
  const results = await search(page, 'Lumen');
  const profile = results.findIndex((r) => r.type === 'profile');
  expect(profile).toBeGreaterThanOrEqual(0);
  const sheet = `https://docs.google.com/spreadsheets/d/${results[profile]?.searchable.gsheet_id}`;
  // The sheet itself is outside the test; answer it here.
  await context.route('https://docs.google.com/**', (route) => route.fulfill({ body: 'sheet' }));

  for (let i = 0; i <= profile; i++) await searchBox(page).press('ArrowDown');
  const row = rows(page).nth(profile);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const feed = row.getByRole('link', { name: /Open Data Feed/ });
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
  expect(await searchBox(page).getAttribute('aria-activedescendant')).not.toBe(await feed.getAttribute('id'));

  await searchBox(page).press('ArrowRight');
  await expect(searchBox(page)).toHaveAttribute(
    'aria-activedescendant',
    (await feed.getAttribute('id')) ?? '-',
  );
  const opened = context.waitForEvent('page');
  await searchBox(page).press('Enter');
  const tab = await opened;
  await expect(tab).toHaveURL(sheet);
  await tab.close();
  // The app stays where it was, the search still open.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(row).toHaveAttribute('aria-selected', 'true');

  await searchBox(page).press('ArrowLeft');
  await expect(searchBox(page)).not.toHaveAttribute(
    'aria-activedescendant',
    (await feed.getAttribute('id')) ?? '-',
  );
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === results[profile]?.url);
});

test('clicking a result opens it; the highlight never runs past the ends', async ({ page }) => {
  await signIn(page, 'admin');
  const results = await search(page, 'Lumen');
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('ArrowUp');
  await expect(rows(page).first()).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < results.length + 2; i++) await searchBox(page).press('ArrowDown');
  await expect(rows(page).last()).toHaveAttribute('aria-selected', 'true');

  const profile = results.findIndex((r) => r.type === 'profile');
  expect(profile).toBeGreaterThanOrEqual(0);
  await rows(page).nth(profile).getByText(results[profile]!.title).click();
  await expect(page).toHaveURL((url) => url.pathname === results[profile]?.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(results[profile]!.title);
  await expect(searchBox(page)).toHaveValue('');
  await expect.poll(() => width(searchField(page))).toBeCloseTo(170, 0);
});

test('the box grows from 170 to 300 px when focused, the panel is 100 px wider; outside click collapses and clears', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const field = searchField(page);
  await expect.poll(() => width(field)).toBeCloseTo(170, 0);

  await searchBox(page).click();
  await expect.poll(() => width(field)).toBeCloseTo(300, 0);
  await search(page, 'Lumen');
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(() => width(panel(page))).toBeCloseTo(400, 0);

  // Bottom right of the view area, well away from the box and its panel.
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.click(viewport.width - 20, viewport.height - 20);
  await expect(panel(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue('');
  await expect.poll(() => width(field)).toBeCloseTo(170, 0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/ and Ctrl+K focus the search from anywhere, / types a slash in a field, Escape closes it', async ({
  page,
}) => {
  await signIn(page, 'admin', '/campaigns');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('');
  await search(page, 'Lumen');
  await expect(rows(page).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).not.toBeFocused();
  await expect.poll(() => width(searchField(page))).toBeCloseTo(170, 0);

  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');

  // In a text field `/` is a character: the list's filter keeps it.
  const filter = page.getByRole('textbox', { name: /filter/i }).first();
  await filter.click();
  await page.keyboard.type('a/b');
  await expect(filter).toHaveValue('a/b');
  await expect(searchBox(page)).not.toBeFocused();
});

test("'No results found for: {query}' and UTF-8 queries", async ({ page }) => {
  await signIn(page, 'admin');
  expect(await search(page, 'zzqx nothing')).toEqual([]);
  await expect(panel(page).getByRole('status')).toHaveText('No results found for: zzqx nothing');
  await expect(rows(page)).toHaveCount(0);

  expect(await search(page, 'Café')).toEqual([]);
  await expect(panel(page).getByRole('status')).toHaveText('No results found for: Café');

  // Seeded campaign names hold an en dash (outside Latin-1, which plain btoa would reject).
  const results = await search(page, 'Coffee – Winter');
  expect(results.map((r) => r.title)).toContain('Lumen Coffee – Winter Blend Launch');
  await expect(rows(page).first()).toContainText('Lumen Coffee – Winter Blend Launch');
});

test('a blank query sends nothing; a route change clears the search', async ({ page }) => {
  await signIn(page, 'admin');
  let requests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/search/')) requests++;
  });
  await searchBox(page).fill('   ');
  await expect(panel(page)).toBeHidden();

  await sidebar(page).getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
  // The router commits the new location in a transition, after the URL changes; wait for it.
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await search(page, 'Polar');
  await expect(rows(page).first()).toContainText('Polar');
  expect(requests).toBe(1);

  // Back in history: a route change that involves no click outside the box.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(panel(page)).toBeHidden();
});

test('qa searches every section it may enter, though its sidebar shows none', async ({ page }) => {
  await signIn(page, 'qa');
  const results = await search(page, 'Lumen');
  expect(new Set(results.map((r) => r.type))).toEqual(new Set(['campaign', 'creative', 'profile']));
  const creative = results.findIndex((r) => r.type === 'creative');
  await rows(page).nth(creative).click();
  await expect(page).toHaveURL((url) => url.pathname === results[creative]?.url);
});

test('a user without permissions finds nothing', async ({ page }) => {
  await signIn(page, 'nobody');
  expect(await search(page, 'Lumen')).toEqual([]);
  await expect(panel(page).getByRole('status')).toHaveText('No results found for: Lumen');
});

test('a creative result opens the creative page', async ({ page }) => {
  await signIn(page, 'admin');
  const results = await search(page, '300x250');
  const creative = results.find((result) => result.type === 'creative');
  expect(creative).toBeDefined();
  await rows(page).filter({ hasText: creative!.title }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === creative!.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(creative!.title);
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
});
