import { test as base, expect, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './server';
import { USERS, type UserKey } from './users';

/** Signs in through the real external sign-in page, as a person would. */
export async function signIn(page: Page, who: UserKey, redirectApp = '/dashboard') {
  await page.goto(`/auth/login?redirect_app=${encodeURIComponent(redirectApp)}`);
  await page.getByLabel('Email').fill(USERS[who].email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

export const test = base;
export { E2E_PASSWORD, expect, USERS };
