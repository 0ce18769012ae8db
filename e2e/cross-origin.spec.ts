import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, openUserMenu, submitSignIn, test } from './fixtures';
import { type RunningServer, startServer } from './server';

const webDist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The built SPA on its own origin, as a static host would serve it: files, history fallback, config.json. */
function serveSpa(config: () => object): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://spa').pathname);
    if (pathname === '/config.json') {
      response.writeHead(200, { 'content-type': TYPES['.json']! }).end(JSON.stringify(config()));
      return;
    }
    const file = path.join(webDist, path.normalize(pathname));
    const found =
      file.startsWith(webDist + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile();
    const served = found ? file : path.join(webDist, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
    fs.createReadStream(served).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let spa: http.Server;
let spaOrigin: string;
let api: RunningServer;

test.beforeAll(async () => {
  // The SPA's port first (the API must know its origin), then the API it is pointed at.
  spa = await serveSpa(() => ({ apiUrl: api.url }));
  spaOrigin = `http://127.0.0.1:${(spa.address() as AddressInfo).port}`;
  api = await startServer({ CORS_ORIGINS: spaOrigin, SPA_URL: spaOrigin });
});

test.afterAll(async () => {
  await api?.stop();
  await new Promise((resolve) => spa?.close(resolve));
});

test('an SPA on another origin signs in, reads, writes and signs out against the API', async ({ page }) => {
  await page.goto(`${spaOrigin}/dashboard`);
  await expect(page).toHaveURL(`${api.url}/auth/login?redirect_app=%2Fdashboard`);
  await submitSignIn(page, 'admin');

  await expect(page).toHaveURL(`${spaOrigin}/dashboard`);
  await expect(page.getByText('Welcome back, Admin.')).toBeVisible();
  // The totals come from the API's /v1/dashboard.
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('Campaigns');
  await page.screenshot({ path: '/tmp/cross-origin.png' });

  // A write: cookie session plus the XSRF-TOKEN cookie (set by the API's host, ports aside) as header.
  const name = `Cross-origin ${Date.now()}`;
  await page.goto(`${spaOrigin}/campaigns/new`);
  await page.getByLabel('Name').fill(name);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url() === `${api.url}/v1/campaigns`,
  );
  await page.getByRole('button', { name: 'Create campaign' }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(new RegExp(`^${spaOrigin}/campaigns/\\d+$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const id = page.url().split('/').pop();
  const stored = await page.request.get(`${api.url}/v1/campaigns/${id}`, {
    headers: { accept: 'application/json' },
  });
  expect((await stored.json()).data.name).toBe(name);

  const menu = await openUserMenu(page);
  const logout = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url() === `${api.url}/logout`,
  );
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  expect((await logout).status()).toBe(204);
  await expect(page).toHaveURL(`${api.url}/auth/login`);
  const user = await page.request.get(`${api.url}/v1/user`, { headers: { accept: 'application/json' } });
  expect(user.status()).toBe(401);
});
