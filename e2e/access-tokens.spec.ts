import type { APIRequest, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { alertBanner, apiAs, expect, pageAs, test, USERS, unique } from './fixtures';

test.use({ role: 'admin' });

/** A card of the page, by its heading. */
const card = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title, level: 2 }) });

/** A script's requests: no cookies, so no session and no XSRF token, only the bearer it sends. */
const scriptClient = (request: APIRequest, baseURL: string | undefined) =>
  // The test's signed-in state would ride along otherwise (a bearer with a session cookie is a 400).
  request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });

const bearer = (token: string) => ({ Accept: 'application/json', Authorization: `Bearer ${token}` });

/** How far the page scrolls sideways at the current width: 0 when nothing overflows. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a read-write token made in My Account works from a script until it is revoked', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const script = await scriptClient(playwright.request, baseURL);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/myaccount');
  const tokens = card(page, 'API tokens');
  const name = unique('Deploy bot');

  await tokens.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('dialog', { name: 'New token' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('radio', { name: 'Read and write' }).check();
  await expect(form.getByLabel('Expires after')).toHaveValue('90');
  await form.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  await expect(shown).toContainText('You will not see it again');
  const secret = await shown.getByTestId('new-token-secret').inputValue();
  expect(secret).toMatch(/^\d+\|[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByTestId('new-token-curl')).toHaveValue(
    `curl -H "Authorization: Bearer ${secret}" ${new URL(baseURL!).origin}/v1/user`,
  );
  await shown.getByRole('button', { name: 'Copy token' }).click();
  await expect(alertBanner(page)).toContainText('Token copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/access-tokens-secret-1366.png', animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: '/tmp/access-tokens-secret-390.png', animations: 'disabled' });
  await page.setViewportSize({ width: 1366, height: 900 });

  // A click beside the dialog keeps it (the secret would be lost); Done closes it, and it is gone.
  await page.mouse.click(5, 5);
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = tokens.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Read and write');
  await expect(row).toContainText('Never');

  const me = await script.get('/v1/user', { headers: bearer(secret) });
  expect(me.status(), await me.text()).toBe(200);
  expect((await me.json()).data.email).toBe(USERS.admin.email);
  const campaign = await script.post('/v1/campaigns', {
    headers: bearer(secret),
    data: { name: unique('Token campaign') },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);

  // The list tells when it was last used.
  await page.reload();
  await expect(row).not.toContainText('Never');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflow(page)).toBe(0);
  await tokens.screenshot({ path: '/tmp/access-tokens-card-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await tokens.screenshot({ path: '/tmp/access-tokens-card-1366.png' });

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the token ${name}?` });
  await expect(confirm).toContainText('It stops working at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(alertBanner(page)).toContainText(`Token "${name}" revoked.`);
  await expect(row).toHaveCount(0);

  expect((await script.get('/v1/user', { headers: bearer(secret) })).status()).toBe(401);
  await script.dispose();
});

test('an admin sees a user’s token in Settings and revokes it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const editorPage = await pageAs(browser, 'editor');
  await editorPage.goto('/myaccount');
  const name = unique('Editor export');
  const { token: secret } = await apiAs<{ token: string }>(editorPage, 'POST', '/v1/user/tokens', {
    name,
    abilities: ['read'],
  });
  await editorPage.close();
  const script = await scriptClient(playwright.request, baseURL);
  expect((await script.get('/v1/user', { headers: bearer(secret) })).status()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/settings');
  const tokens = card(page, 'Company API tokens');
  const row = tokens.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(USERS.editor.email);
  await expect(row).toContainText('Read');
  await expect(row).not.toContainText('Read and write');

  expect(await seriousViolations(page)).toEqual([]);
  await tokens.screenshot({ path: '/tmp/company-tokens-card-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflow(page)).toBe(0);
  await tokens.screenshot({ path: '/tmp/company-tokens-card-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });

  await row.getByRole('button', { name: new RegExp(`^Revoke ${name} of `) }).click();
  const confirm = page.getByRole('dialog', { name: /^Revoke the token / });
  await expect(confirm).toContainText('It stops working at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(alertBanner(page)).toContainText(`Token "${name}" revoked.`);
  await expect(row).toHaveCount(0);

  expect((await script.get('/v1/user', { headers: bearer(secret) })).status()).toBe(401);
  await script.dispose();
});
