import { chromium } from '@playwright/test';
import { E2E_PASSWORD, startServer } from '../e2e/server';

/**
 * What the dashboard's first load ships, as Chromium receives it from the real server (run
 * `npm run build` first). Target (DESIGN section 7): < 250 KB of compressed JS.
 */
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/auth/login?redirect_app=/dashboard`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.waitForLoadState('networkidle');
  const files = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ wire: entry.encodedBodySize, raw: entry.decodedBodySize })),
  );
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const wire = files.reduce((sum, f) => sum + f.wire, 0);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  console.log(
    `dashboard first load: ${files.length} JS files, ${kb(raw)} decoded, ${kb(wire)} compressed on the wire`,
  );
  console.log(`target 250 KB compressed: ${(wire / (250 * 1024)).toFixed(2)} of the budget`);
} finally {
  await browser.close();
  await server.stop();
}
