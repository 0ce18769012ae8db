import type { Page, TestInfo } from '@playwright/test';
import type { SavedRole } from './auth-state';
import { seriousViolations } from './axe';
import {
  alertBanner,
  BACKGROUND,
  bodyBackground,
  expect,
  getJson,
  openUserMenu,
  signIn,
  test,
} from './fixtures';

type Theme = 'dark' | 'light';
const THEMES = ['dark', 'light'] as const satisfies readonly Theme[];

/** Waits until no CSS transition runs, so contrast is measured on final colours. */
const transitionsDone = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Opens `path` signed in (the spec's saved role) with the theme already chosen, stored the way the
 * user menu stores it, before the app reads it.
 */
async function openWithTheme(page: Page, theme: Theme, path = '/dashboard') {
  if (theme === 'light') await page.addInitScript(() => localStorage.setItem('darkTheme', 'false'));
  await page.goto(path);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND[theme]);
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: /^Search campaigns/ });

async function dashboardLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Recently changed' })).toBeVisible();
  await expect(page.getByLabel('Loading dashboard')).toHaveCount(0);
}

for (const who of ['admin', 'qa'] as const satisfies readonly SavedRole[]) {
  test.describe(() => {
    test.use({ role: who });
    for (const theme of THEMES) {
      test(`axe: the dashboard (${who}, ${theme})`, async ({ page }, testInfo) => {
        await openWithTheme(page, theme);
        await dashboardLoaded(page);
        if (who === 'qa') {
          await expect(page.getByRole('heading', { level: 2, name: 'Waiting for QA' })).toBeVisible();
        }
        await transitionsDone(page);
        expect(await seriousViolations(page)).toEqual([]);
        if (who === 'admin') await screenshot(page, testInfo, `dashboard-${theme}`);
      });
    }
  });
}

test.describe('qa’s way in', () => {
  test.use({ role: 'qa' });

  test('the queue’s items open the item, and their status chips the list of that status', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const queue = page.getByRole('region', { name: 'Waiting for QA' });
    // The demo data has campaigns in quality assurance and testing: the queue's first one.
    const item = queue
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /^campaigns in .+: show them$/ }) })
      .first();
    await expect(item.getByRole('link').first()).toHaveAttribute('href', /^\/campaigns\/\d+$/);
    const chip = item.getByRole('link', { name: /: show them$/ });
    const status = (await chip.getAttribute('aria-label'))!.replace(/^campaigns in (.+): show them$/, '$1');
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`/campaigns\\?(.*&)?status=${status.replace(' ', '(\\+|%20)')}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Campaigns' }).getByRole('row')).not.toHaveCount(1);
  });
});

test('axe: the search box while searching and with no results', async ({ page }) => {
  await signIn(page, 'admin');
  await dashboardLoaded(page);
  const status = page.getByTestId('search-panel').getByRole('status');
  // Hold the request so the searching state stays up while axe looks at it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/v1/search/**', async (route) => {
    await held;
    await route.continue();
  });
  await searchBox(page).fill('zzqx nothing');
  await expect(status).toContainText('Searching for');
  expect(await seriousViolations(page), 'searching').toEqual([]);
  release();
  await expect(status).toHaveText('No results found for: zzqx nothing');
  expect(await seriousViolations(page), 'no results').toEqual([]);
});

for (const theme of THEMES) {
  test.describe(() => {
    test.use({ role: 'editor' });
    test(`axe: the open user menu (${theme})`, async ({ page }, testInfo) => {
      await openWithTheme(page, theme);
      const menu = await openUserMenu(page);
      await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark Theme' })).toHaveAttribute(
        'aria-checked',
        String(theme === 'dark'),
      );
      await transitionsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, testInfo, `user-menu-${theme}`);
    });
  });

  test.describe(() => {
    test.use({ role: 'admin' });

    test(`axe: search results with a profile and its data feed link (${theme})`, async ({
      page,
    }, testInfo) => {
      await openWithTheme(page, theme);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/v1/search/'));
      await searchBox(page).fill('Lumen');
      const { data } = (await (await answered).json()) as { data: { type: string }[] };
      // Seeded 'Lumen Coffee' has a product feed profile, so the panel holds an 'Open Data Feed' link.
      expect(data.map((r) => r.type)).toContain('profile');
      await expect(page.getByRole('link', { name: /Open Data Feed/ }).first()).toBeVisible();
      await searchBox(page).press('ArrowDown');
      await transitionsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, testInfo, `search-results-${theme}`);
    });

    test(`axe: the campaign delete confirmation (${theme})`, async ({ page }, testInfo) => {
      await openWithTheme(page, theme);
      const campaigns = await getJson<{ data: { id: number; name: string }[] }>(page, '/v1/campaigns');
      const campaign = campaigns.body.data[0];
      expect(campaign).toBeDefined();
      await page.goto(`/campaigns/${campaign?.id}`);
      await expect(page.getByRole('heading', { name: campaign?.name })).toBeVisible();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this campaign?' });
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
      await transitionsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, testInfo, `delete-dialog-${theme}`);
    });
  });
}

test('axe: the sign-in page is dark, like the app, and accessible (also with an error)', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'sign-in');

  // The light preference of the system does not override the app's default.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);

  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'sign-in-error');
});

test('a CSRF token mismatch on a live session signs it out and ends on the sign-in page', async ({
  page,
  context,
}) => {
  await signIn(page, 'editor', '/feedback');
  await expect(page.getByLabel('Your feedback')).toBeVisible();
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  expect(xsrf).toBeDefined();
  if (!xsrf) return;
  await context.addCookies([{ ...xsrf, value: 'a'.repeat(40) }]);

  const rejected = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/feedback');
  await page.getByLabel('Your feedback').fill('Sent with a stale token');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const response = await rejected;
  expect(response.status()).toBe(419);
  expect(await response.json()).toMatchObject({ message: 'CSRF token mismatch.' });

  await expect(alertBanner(page)).toHaveText(/^Your session has expired/);
  await expect(page).toHaveURL(/\/auth\/login\?redirect_app=%2Ffeedback$/, { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  // The server session is over, not only the app's memory of it.
  const user = await page.request.get('/v1/user', { headers: { Accept: 'application/json' } });
  expect(user.status()).toBe(401);
});
