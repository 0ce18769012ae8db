import { defineConfig } from '@playwright/test';
import { launchOptions } from './browser';

/** Browser tests: Debian's Chromium against the built SPA served by the real server (see global-setup.ts). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
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
