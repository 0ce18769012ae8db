import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { launchOptions } from '../e2e/browser';
import { E2E_PASSWORD, startServer } from '../e2e/server';

/**
 * What each page's first load ships, as Chromium receives it from the real server (run `npm run
 * build` first): every page is opened straight from its URL in a fresh browser context holding a
 * signed-in session, and the JS it fetched until the network went idle is summed. Budgets (DESIGN
 * section 7): 200 KB of JS on the wire for the dashboard, 350 KB for any other page. Then the
 * API requests of the campaigns list's first load and of a reload, to see whether they overlap.
 */
const DASHBOARD_BUDGET_KB = 200;
const PAGE_BUDGET_KB = 350;

interface Ids {
  campaign: number;
  creative: number;
}

interface PageCase {
  name: string;
  path: (ids: Ids) => string;
  /** What a user does before the page counts as loaded (e.g. open the search popup). */
  act?: (page: Page) => Promise<void>;
}

const PAGES: PageCase[] = [
  { name: 'dashboard', path: () => '/dashboard' },
  {
    name: 'search popup open',
    path: () => '/dashboard',
    act: async (page) => {
      await page.getByRole('combobox', { name: /^Search campaigns/ }).fill('a');
      await page.getByTestId('search-panel').getByRole('grid').or(page.getByRole('status')).first().waitFor();
    },
  },
  { name: 'campaigns list', path: () => '/campaigns' },
  { name: 'campaign item', path: ({ campaign }) => `/campaigns/${campaign}` },
  { name: 'campaign new', path: () => '/campaigns/new' },
  { name: 'creatives list', path: () => '/creatives' },
  { name: 'creative item', path: ({ creative }) => `/creatives/${creative}` },
  { name: 'creative new', path: () => '/creatives/new' },
  { name: 'profiles', path: () => '/profiles' },
  { name: 'conditions', path: () => '/conditions' },
  { name: 'assets', path: () => '/assets' },
  { name: 'settings', path: () => '/settings' },
  { name: 'account', path: () => '/myaccount' },
  { name: 'help', path: () => '/help' },
  { name: 'feedback', path: () => '/feedback' },
  { name: 'external preview (token)', path: () => '/externalpreview/bench-token' },
];

const kb = (bytes: number) => bytes / 1024;
const fixed = (n: number, width: number, digits = 1) => n.toFixed(digits).padStart(width);

interface Resource {
  name: string;
  start: number;
  end: number;
  wire: number;
  raw: number;
}

const resources = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name,
      start: entry.startTime,
      end: entry.responseEnd,
      wire: entry.encodedBodySize,
      raw: entry.decodedBodySize,
    })),
  );

const isJs = (resource: Resource) => new URL(resource.name).pathname.endsWith('.js');

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

async function signIn(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/auth/login?redirect_app=/dashboard');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  const firstId = async (list: string) => {
    const response = await context.request.get(`/v1/${list}/?items-per-page=1`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    return ((await response.json()) as { data: { id: number }[] }).data[0]?.id ?? 1;
  };
  const ids = { campaign: await firstId('campaigns'), creative: await firstId('creatives') };
  const state = await context.storageState();
  await context.close();
  return { state, ids };
}

/** Opens the page from its URL in a fresh context, as a first visit with a session would. */
async function firstLoad(browser: Browser, url: string, state: SignedIn, path: string) {
  const context = await browser.newContext({ baseURL: url, storageState: state });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const server = await startServer();
const browser = await chromium.launch(launchOptions);
try {
  const { state, ids } = await signIn(browser, server.url);
  const rows: { name: string; files: number; raw: number; wire: number; budget: number }[] = [];
  for (const target of PAGES) {
    const { context, page } = await firstLoad(browser, server.url, state, target.path(ids));
    await page.waitForLoadState('networkidle');
    if (target.act) {
      await target.act(page);
      await page.waitForLoadState('networkidle');
    }
    const js = (await resources(page)).filter(isJs);
    rows.push({
      name: target.name,
      files: js.length,
      raw: js.reduce((sum, file) => sum + file.raw, 0),
      wire: js.reduce((sum, file) => sum + file.wire, 0),
      budget: target.name === 'dashboard' ? DASHBOARD_BUDGET_KB : PAGE_BUDGET_KB,
    });
    await context.close();
  }

  console.log('first load of each page (JS):');
  console.log(
    `${'page'.padEnd(26)} ${'files'.padStart(5)} ${'decoded'.padStart(10)} ${'on wire'.padStart(10)} ${'budget'.padStart(8)}  of budget`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(26)} ${String(row.files).padStart(5)} ${fixed(kb(row.raw), 7)} KB ${fixed(kb(row.wire), 7)} KB ${String(row.budget).padStart(5)} KB  ${fixed(kb(row.wire) / row.budget, 5, 2)}`,
    );
  }
  const heaviest = rows.reduce((a, b) => (b.wire > a.wire ? b : a));
  console.log(`heaviest page: ${heaviest.name}, ${fixed(kb(heaviest.wire), 0)} KB on the wire`);

  // The first load, then a reload in the same context: the JS then comes from the browser's cache
  // (hashed files are immutable), so only the API requests remain, as for a returning user.
  const { context, page } = await firstLoad(browser, server.url, state, '/campaigns');
  await page.waitForLoadState('networkidle');
  const cold = await resources(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  const warm = await resources(page);
  await context.close();
  for (const [title, entries] of [
    ['first load', cold],
    ['reload, JS cached', warm],
  ] as const) {
    const lastJs = Math.max(...entries.filter(isJs).map((entry) => entry.end));
    console.log(
      `\nAPI waterfall of the campaigns list, ${title} (ms from navigation start; last JS file in at ${fixed(lastJs, 0, 0)}):`,
    );
    const api = entries.filter((entry) => /^\/(v1\/|config\.json)/.test(new URL(entry.name).pathname));
    for (const request of api.sort((a, b) => a.start - b.start)) {
      const { pathname, search } = new URL(request.name);
      console.log(`  ${fixed(request.start, 7, 0)} → ${fixed(request.end, 7, 0)}  ${pathname}${search}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
