import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';
import { authFile, type SavedRole } from './auth-state';
import { E2E_PASSWORD } from './server';
import { USERS, type UserKey } from './users';

/** Signs in through the real external sign-in page, as a person would. */
export async function signIn(page: Page, who: UserKey, redirectApp = '/dashboard') {
  await page.goto(`/auth/login?redirect_app=${encodeURIComponent(redirectApp)}`);
  await submitSignIn(page, who);
}

/**
 * `test.use({ role: 'admin' })` starts each test signed in as that role, from the state the global
 * setup saved (no sign-in through the UI). Specs that test signing in or out leave it unset.
 */
export const test = base.extend<{ role: SavedRole | null }>({
  role: [null, { option: true }],
  storageState: async ({ role, storageState }, use) => use(role ? authFile(role) : storageState),
});

/** A second page signed in as another role, e.g. to prepare data as admin. */
export const pageAs = (browser: Browser, role: SavedRole) =>
  browser.newPage({ storageState: authFile(role) });
export { E2E_PASSWORD, expect, USERS };

/** Fills and submits the external sign-in form the browser is already on. */
export async function submitSignIn(page: Page, who: UserKey) {
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(USERS[who].email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** Opens the toolbar's user menu and returns it. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The page background of each palette (apps/web/src/app/theme.ts). */
export const BACKGROUND = { dark: 'rgb(18, 20, 23)', light: 'rgb(244, 246, 248)' } as const;
export const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * The theme the page's next load starts in (the app reads the choice at start). A blank page has
 * no storage, and starts dark: there is nothing to store for it.
 */
export async function setTheme(page: Page, theme: 'dark' | 'light') {
  if (page.url() === 'about:blank' && theme === 'dark') return;
  await page.evaluate((dark) => localStorage.setItem('darkTheme', String(dark)), theme === 'dark');
}

/**
 * Reloads the page in the light theme, as a user who switched would see it; a flow runs once in
 * the default dark theme and checks its key states in light so.
 */
export async function reloadInLightTheme(page: Page) {
  await setTheme(page, 'light');
  await page.reload();
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.light);
}

/** The shell's sidebar navigation. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The global alert banner at the bottom of the screen. */
export const alertBanner = (page: Page) => page.getByTestId('alert-banner');

/** Same-origin JSON GET from inside the page, with the page's cookies. */
export async function getJson<T = unknown>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  }, path);
}

/** A name no other test run has used. */
export const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

/**
 * Calls the API with the page's session from outside the page, as another tab of the same user
 * would: the session cookie rides along, the XSRF header is read from the XSRF-TOKEN cookie.
 * Answers the `data` of a successful call; anything else fails the test.
 */
export async function apiAs<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data as T;
}

/**
 * Opens a MUI select or menu with `opener` and clicks `option`. A click that lands while a dialog's
 * exit transition still covers the page opens nothing, so the opening is tried again until the
 * option shows (the 50-variant grid's filter, two specs side by side on a loaded machine).
 */
export async function chooseOption(opener: Locator, option: Locator) {
  await expect(async () => {
    if (!(await option.isVisible())) await opener.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await option.click();
}
