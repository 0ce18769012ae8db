import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openUserMenu, signIn, test } from './fixtures';
import type { UserKey } from './users';

/** The page background of each palette (apps/web/src/app/theme.ts). */
const BACKGROUND = { dark: 'rgb(18, 20, 23)', light: 'rgb(244, 246, 248)' } as const;

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const storedDarkTheme = (page: Page) => page.evaluate(() => localStorage.getItem('darkTheme'));

async function toggleDarkTheme(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitemcheckbox', { name: 'Dark Theme' }).click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

async function dashboardLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Recently changed' })).toBeVisible();
  await expect(page.getByLabel('Loading dashboard')).toHaveCount(0);
}

test('dark by default; the user menu switch turns it light, and that survives a reload', async ({ page }) => {
  await signIn(page, 'editor');
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
  expect(await storedDarkTheme(page)).toBeNull();
  let menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark Theme' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');

  await toggleDarkTheme(page);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.light);
  expect(await storedDarkTheme(page)).toBe('false');

  await page.reload();
  await dashboardLoaded(page);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.light);
  menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark Theme' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('Escape');

  await toggleDarkTheme(page);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
  await page.reload();
  await dashboardLoaded(page);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
});

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const who of ['admin', 'qa'] as const satisfies readonly UserKey[]) {
  test(`axe: no serious or critical violations on the dashboard in both themes (${who})`, async ({
    page,
  }, testInfo) => {
    await signIn(page, who);
    await dashboardLoaded(page);
    if (who === 'qa') {
      await expect(page.getByRole('heading', { level: 2, name: 'Waiting for QA' })).toBeVisible();
    }
    await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
    expect(await seriousViolations(page), 'dark theme').toEqual([]);
    if (who === 'admin') {
      const path = testInfo.outputPath('dashboard-dark.png');
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach('dashboard-dark', { path, contentType: 'image/png' });
    }

    await toggleDarkTheme(page);
    await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.light);
    // Let the palette's colour transitions finish before measuring contrast.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    );
    expect(await seriousViolations(page), 'light theme').toEqual([]);
    if (who === 'admin') {
      const path = testInfo.outputPath('dashboard-light.png');
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach('dashboard-light', { path, contentType: 'image/png' });
    }
  });
}

test('axe: the search box is valid while searching and with no results', async ({ page }) => {
  await signIn(page, 'admin');
  await dashboardLoaded(page);
  const box = page.getByRole('combobox', { name: /^Search campaigns/ });
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
  await box.fill('zzqx nothing');
  await expect(status).toContainText('Searching for');
  expect(await seriousViolations(page), 'searching').toEqual([]);
  release();
  await expect(status).toHaveText('No results found for: zzqx nothing');
  expect(await seriousViolations(page), 'no results').toEqual([]);
});
