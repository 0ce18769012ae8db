import type { Page } from '@playwright/test';
import { apiAs, expect, sidebar, test } from './fixtures';
import { startE2eProvider } from './sso-provider';

test.use({ role: 'admin' });

/** DELETE /v1/sso with the admin page's session (apiAs has no DELETE). */
async function turnSsoOff(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.delete('/v1/sso', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(response.status(), await response.text()).toBe(204);
}

test('a new user signs in with SSO through the provider’s own login page and joins with the default access', async ({
  page,
  browser,
}) => {
  const email = `sso-${Date.now()}-${Math.floor(Math.random() * 1e4)}@sso-e2e.example`;
  const client = { client_id: 'adstudio-e2e', client_secret: 'an e2e client secret' };
  // The e2e server lets outbound URLs reach 127.0.0.1 (DATASOURCE_ALLOW_HOSTS), an http:// issuer too.
  const provider = await startE2eProvider({
    ...client,
    redirect_uri: `${process.env.E2E_BASE_URL}/auth/sso/callback`,
  });
  // A browser of its own, signed out (a context made in a test takes the admin's state otherwise).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    await apiAs(page, 'PUT', '/v1/sso', {
      issuer: provider.issuer,
      ...client,
      domains: ['sso-e2e.example'],
      mode: 'jit',
      default_roles: [],
      default_permissions: ['edit campaigns'],
      required: false,
    });

    // The provider's pages ask for a web font: no need to reach the internet for it.
    await context.route('https://fonts.googleapis.com/**', (route) => route.abort());
    const person = await context.newPage();
    await person.setViewportSize({ width: 1366, height: 900 });
    await person.goto('/auth/login');
    await person.getByLabel('Or sign in with single sign-on').fill(email);
    await person.getByRole('button', { name: 'Sign in with SSO' }).click();

    // The provider's own pages: its login takes any name and password, then the consent.
    await person.waitForURL(
      (url) => url.origin === provider.issuer && url.pathname.startsWith('/interaction/'),
    );
    await person.locator('input[name="login"]').fill(email);
    await person.locator('input[name="password"]').fill('any password');
    await person.getByRole('button', { name: 'Sign-in', exact: true }).click();
    await expect(person.getByRole('heading', { name: 'Authorize', level: 1 })).toBeVisible();
    await person.getByRole('button', { name: 'Continue' }).click();

    await person.waitForURL(
      (url) => url.origin === process.env.E2E_BASE_URL && url.pathname === '/dashboard',
    );
    await expect(sidebar(person).getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(sidebar(person).getByRole('link', { name: 'Conditions' })).toHaveCount(0);
  } finally {
    await context.close();
    await turnSsoOff(page);
    await provider.close();
  }
});
