import { defineConfig } from '@playwright/test';
import { launchOptions } from './browser';

/**
 * Specs that read a whole shared list and then compare (the campaigns list's total against its
 * "all" page, the deleted list's rows) or sign in and out with the demo accounts: they run after
 * the others, one at a time, so nothing another spec writes lands between their two reads.
 */
const ALONE = [
  'campaigns.spec.ts',
  'sign-in.spec.ts',
  'sso.spec.ts',
  'settings.spec.ts',
  'shell-alerts.spec.ts',
];

/**
 * Browser tests: Debian's Chromium against the built SPA served by the real server (see
 * global-setup.ts). Two workers: a spec mostly waits (for the server, for the browser to settle):
 * under a load average of 17 one worker took 18.3 min against 16.1 on a quiet machine. Each
 * spec's rows are its own (unique names), so two files run side by side; the ALONE ones do not.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'side-by-side', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, workers: 1, dependencies: ['side-by-side'] },
  ],
  forbidOnly: true,
  retries: 0,
  // A bound, not a goal: on a slower 2-core machine the heaviest specs (the 50-variant grid, the
  // campaign's tags) took 25–28 s of the 30 s they had (issue 47's CI run).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Tracing costs a fifth of the run and CI shows only text: E2E_TRACE=1 keeps a failure's trace.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions,
  },
});
