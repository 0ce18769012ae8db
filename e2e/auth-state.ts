import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PASSWORD } from './server';
import { USERS, type UserKey } from './users';

/** Roles whose signed-in browser state the global setup saves (sign-in is tested by its own specs). */
export const SAVED_ROLES = [
  'admin',
  'editor',
  'qa',
  'campaignsOnly',
  'nobody',
] as const satisfies readonly UserKey[];
export type SavedRole = (typeof SAVED_ROLES)[number];

/** Where a role's state lives: a directory the global setup makes and removes, named in the environment. */
export const authFile = (role: SavedRole) =>
  path.join(process.env.E2E_AUTH_DIR ?? os.tmpdir(), `${role}.json`);

/** Signs in on the external sign-in page without test assertions (the global setup has no test). */
export async function signInOnce(page: Page, who: UserKey) {
  await page.goto('/auth/login?redirect_app=/dashboard');
  await page.getByLabel('Email').fill(USERS[who].email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}
