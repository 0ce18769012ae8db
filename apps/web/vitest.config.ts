import { defineConfig } from 'vitest/config';

/** The web unit tests alone (`npx vitest run -c apps/web/vitest.config.ts`); the root config runs them too. */
export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
  },
});
