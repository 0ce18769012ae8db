import type { Page } from '@playwright/test';
import { BACKGROUND, bodyBackground, expect, openUserMenu, signIn, test } from './fixtures';

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
