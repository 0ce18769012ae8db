import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, sidebar, test } from './fixtures';

test.use({ role: 'admin' });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('an admin invites a colleague who joins with their link; deactivated, the colleague is sent to sign-in', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
  const name = `Colleague ${stamp}`;
  const email = `colleague-${stamp}@example.com`;

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/settings');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Users', level: 2 }) });
  await card.getByRole('button', { name: 'Invite' }).click();
  const form = page.getByRole('dialog', { name: 'Invite a user' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: 'Edit campaigns' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Send invitation' }).click();

  // The e2e server sends no e-mail: the answer's link is shown, this once.
  const done = page.getByRole('dialog', { name: 'Pass the invitation link on' });
  await expect(done).toContainText('No e-mail is configured');
  const link = await done.getByTestId('invitation-url').inputValue();
  expect(link).toMatch(/\/invitation\/[^/]+$/);
  await done.getByRole('button', { name: 'Done' }).click();
  const row = card.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Edits campaigns');
  expect(await seriousViolations(page)).toEqual([]);

  // A browser of their own: none of the admin's cookies (a context made in a test takes the test's
  // storage state otherwise), whose session the joining would replace.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const colleague = await context.newPage();
    await colleague.setViewportSize({ width: 390, height: 844 });
    await colleague.goto(link);
    await expect(colleague.getByRole('heading', { name: 'Join Adstudio', level: 1 })).toBeVisible();
    expect(await seriousViolations(colleague)).toEqual([]);
    expect(await overflow(colleague)).toBe(0);
    await colleague.getByLabel(/^Password/).fill('a colleague password');
    await colleague.getByLabel(/^Confirm password/).fill('a colleague password');
    await colleague.getByRole('button', { name: 'Set password and sign in' }).click();
    await colleague.waitForURL((url) => url.pathname === '/dashboard');
    await colleague.setViewportSize({ width: 1366, height: 900 });
    await expect(sidebar(colleague).getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(sidebar(colleague).getByRole('link', { name: 'Conditions' })).toHaveCount(0);

    // The admin's list is read again; the colleague is active now.
    await page.reload();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await expect(confirm).toContainText('Their sessions and tokens stop at once; their work stays.');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('Deactivated');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBe(0);

    // The colleague's open page: its next request is refused, and sign-in follows.
    await sidebar(colleague).getByRole('link', { name: 'Campaigns' }).click();
    await colleague.waitForURL((url) => url.pathname === '/auth/login');
  } finally {
    await context.close();
  }
});
