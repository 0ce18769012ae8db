import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.log('PostgreSQL API suite skipped: TEST_DATABASE_URL is not set.');

const serverTests = ['apps/server/test/**/*.test.ts'];
// Server test files build their own apps and databases and share no module state, so they run
// without a fresh module graph per file: importing the server once per worker, not once per file,
// saves a third of the suite's time.

export default defineConfig({
  test: {
    // The API suites wait on the databases more than they compute: four workers keep two cores busy.
    maxWorkers: 4,
    reporters: ['default', './scripts/project-summary-reporter.ts'],
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'server-unit', include: ['apps/server/src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'api-sqlite',
          include: serverTests,
          env: { TEST_DB_ENGINE: 'sqlite' },
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: serverTests,
                env: { TEST_DB_ENGINE: 'postgres' },
                isolate: false,
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
