import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The screen audit (e2e/audit): the browser tests' server and signed-in roles, run by hand for figures. */
export default defineConfig({
  ...base,
  testDir: './audit',
  testMatch: '**/*.audit.ts',
  globalSetup: './global-setup.ts',
  timeout: 600_000,
});
