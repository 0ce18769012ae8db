import { seriousViolations } from './axe';
import { apiAs, expect, pageAs, test, unique } from './fixtures';
import { fromBase32, STEP_MS, totpCode } from './totp';

const PASSWORD = 'a two-factor password';

test('a user sets up two-factor sign-in in My Account, then signs in with the password and a code', async ({
  browser,
}) => {
  // A user of their own (through an invitation's link: the e2e server sends no e-mail), so the
  // saved roles keep signing in with a password only.
  const email = `${unique('two-factor').replace(/\W+/g, '-')}@example.com`;
  const admin = await pageAs(browser, 'admin');
  const invitation = await apiAs<{ invitation_url: string }>(admin, 'POST', '/v1/users/invitations', {
    email,
    name: 'Two Factor',
    permissions: ['edit campaigns'],
  });
  await admin.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(new URL(invitation.invitation_url).pathname);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/myaccount');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-factor sign-in' }) });
    await card.getByRole('button', { name: 'Set up' }).click();
    await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const key = fromBase32(secret);
    const setupAt = Date.now();
    await card.getByRole('textbox', { name: 'Code' }).fill(totpCode(key, setupAt));
    await card.getByRole('button', { name: 'Confirm' }).click();

    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download .txt' }).click();
    expect((await download).suggestedFilename()).toBe('adstudio-recovery-codes.txt');
    await expect(card.getByRole('button', { name: 'Done' })).toBeDisabled();
    await card.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText('On. Signing in asks for a code');
    await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();

    // Signed out, the password is not enough: the server's code page takes a fresh code (the
    // set-up's step is spent, so the next step's code, which the server's window accepts).
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Code from your authenticator app').fill(totpCode(key, setupAt + STEP_MS));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const me = await page.evaluate(async () => (await fetch('/v1/user')).json());
    expect(me.data).toMatchObject({ email, two_factor: true });
  } finally {
    await context.close();
  }
});
