import { expect, signIn, test } from './fixtures';

test('signs in through the real sign-in page and lands in the app', async ({ page }) => {
  await page.goto('/auth/login?redirect_app=/dashboard');
  await expect(page).toHaveTitle(/Sign in/);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page.getByLabel('Email')).toHaveValue('admin@example.com');

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  const user = await page.evaluate(async () => (await fetch('/v1/user')).json());
  expect(user.data.email).toBe('admin@example.com');
});

test('an unsafe redirect_app lands on the dashboard, not elsewhere', async ({ page }) => {
  await signIn(page, 'editor', '//evil.example/steal');
  await expect(page).toHaveURL(/\/dashboard$/);
});
