import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { launchOptions } from '../e2e/browser';
import { E2E_PASSWORD, startServer } from '../e2e/server';

/**
 * What each page's first load ships, as Chromium receives it from the real server (run `npm run
 * build` first): every page is opened straight from its URL in a fresh browser context holding a
 * signed-in session, and the JS it fetched until the network went idle is summed. The token pages
 * are opened as an outsider opens them: real links made by the admin over the demo data, in a
 * context without cookies, counted once the page has drawn its data. Budgets (docs/design.md §7):
 * 200 KB of JS on the wire for the dashboard, 350 KB for any other page. Then the API requests of
 * the campaigns list's first load and of a reload, to see whether they overlap.
 *
 * `FIRST_LOAD_FILES=1` (or a part of a page's name, e.g. `FIRST_LOAD_FILES=token`) lists each
 * page's JS files too, heaviest first.
 */
const DASHBOARD_BUDGET_KB = 200;
const PAGE_BUDGET_KB = 350;

interface Ids {
  campaign: number;
  creative: number;
  /** The paths of real token links: a campaign's report, a feed-driven creative's preview, its approval. */
  links: { report: string; preview: string; approvals: string };
}

interface PageCase {
  name: string;
  path: (ids: Ids) => string;
  /** Opened without a session, as someone outside opens a shared link. */
  outsider?: true;
  /** What a user does before the page counts as loaded (e.g. open the search popup). */
  act?: (page: Page) => Promise<void>;
}

const WAIT_MS = 30_000;

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
  {
    name: 'external report (token)',
    path: ({ links }) => links.report,
    outsider: true,
    // The totals, the tables, and the chart, whose library loads after the data.
    act: async (page) => {
      await page.getByTestId('total-Impressions').waitFor({ timeout: WAIT_MS });
      await page.getByRole('table', { name: 'By creative' }).locator('tbody tr').first().waitFor();
      await page
        .getByRole('figure', { name: 'Impressions and clicks per day' })
        .locator('svg')
        .first()
        .waitFor({ timeout: WAIT_MS });
    },
  },
  {
    name: 'external preview (token)',
    path: ({ links }) => links.preview,
    outsider: true,
    // The variants, and the first one's ad playing in its frame.
    act: async (page) => {
      await page.getByRole('navigation', { name: 'Variants' }).waitFor({ timeout: WAIT_MS });
      await page.locator('iframe[title^="Ad: "]').first().waitFor({ timeout: WAIT_MS });
    },
  },
  {
    name: 'approvals (token)',
    path: ({ links }) => links.approvals,
    outsider: true,
    act: async (page) => {
      await page.getByTestId('approval-card').first().waitFor({ timeout: WAIT_MS });
    },
  },
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

/** The admin's API, through the signed-in context (its cookies, and the XSRF header for writes). */
function adminApi(context: BrowserContext) {
  return async <T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> => {
    const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await context.request.fetch(path, {
      method,
      ...(data ? { data } : {}),
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
    });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
}

/** A link's path: the report link's url is a path already, the others are full addresses. */
const linkPath = (url: string) => new URL(url, 'http://localhost').pathname;

/**
 * One real link of each kind over the demo data, made as the admin does: a report link of a live
 * campaign with traffic, the preview link of the feed-driven creative (variants, the simulator) and
 * an approval of it asked from a publisher.
 */
async function tokenLinks(api: ReturnType<typeof adminApi>): Promise<Ids['links']> {
  const [skyway] = await api<{ id: number }[]>('GET', '/v1/profiles/?filter=Skyway');
  const creatives = await api<{ id: number; profile_id: number | null; campaign_id: number }[]>(
    'GET',
    '/v1/creatives/?items-per-page=100',
  );
  const travel = creatives.find((creative) => creative.profile_id === skyway?.id);
  if (!travel) throw new Error('the demo data has no creative driven by the travel feed');
  const preview = await api<{ url: string }>('GET', `/v1/creatives/${travel.id}/preview-url`);

  const live = await api<{ id: number }[]>('GET', '/v1/campaigns/?status=live&items-per-page=20');
  let reportCampaign: number | undefined;
  for (const campaign of live) {
    const report = await api<{ totals: { impressions: number } }>(
      'GET',
      `/v1/campaigns/${campaign.id}/report`,
    );
    if (report.totals.impressions > 0) {
      reportCampaign = campaign.id;
      break;
    }
  }
  if (reportCampaign === undefined) throw new Error('the demo data has no live campaign with traffic');
  const report = await api<{ url: string }>('POST', `/v1/campaigns/${reportCampaign}/report/url`, {});

  const [publisher] = await api<{ id: number }[]>('GET', '/v1/media-entities/?sort-by=name');
  if (!publisher) throw new Error('the demo data has no publisher');
  const [approval] = await api<{ url: string }[]>('POST', `/v1/campaigns/${travel.campaign_id}/approvals`, {
    creative_ids: [travel.id],
    media_entity_ids: [publisher.id],
  });
  if (!approval) throw new Error('asking for an approval made no link');
  return { report: linkPath(report.url), preview: linkPath(preview.url), approvals: linkPath(approval.url) };
}

async function signIn(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/auth/login?redirect_app=/dashboard');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  const api = adminApi(context);
  const firstId = async (list: string) =>
    (await api<{ id: number }[]>('GET', `/v1/${list}/?items-per-page=1`))[0]?.id ?? 1;
  const ids: Ids = {
    campaign: await firstId('campaigns'),
    creative: await firstId('creatives'),
    links: await tokenLinks(api),
  };
  const state = await context.storageState();
  await context.close();
  return { state, ids };
}

/** Opens the page from its URL in a fresh context, as a first visit with a session (or without: null) would. */
async function firstLoad(browser: Browser, url: string, state: SignedIn | null, path: string) {
  const context = await browser.newContext({ baseURL: url, ...(state ? { storageState: state } : {}) });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const server = await startServer();
const browser = await chromium.launch(launchOptions);
try {
  const { state, ids } = await signIn(browser, server.url);
  const rows: { name: string; files: Resource[]; raw: number; wire: number; budget: number }[] = [];
  for (const target of PAGES) {
    const session = target.outsider ? null : state;
    const { context, page } = await firstLoad(browser, server.url, session, target.path(ids));
    await page.waitForLoadState('networkidle');
    if (target.act) {
      await target.act(page);
      await page.waitForLoadState('networkidle');
    }
    const js = (await resources(page)).filter(isJs);
    rows.push({
      name: target.name,
      files: js,
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
      `${row.name.padEnd(26)} ${String(row.files.length).padStart(5)} ${fixed(kb(row.raw), 7)} KB ${fixed(kb(row.wire), 7)} KB ${String(row.budget).padStart(5)} KB  ${fixed(kb(row.wire) / row.budget, 5, 2)}`,
    );
  }
  const heaviest = rows.reduce((a, b) => (b.wire > a.wire ? b : a));
  console.log(`heaviest page: ${heaviest.name}, ${fixed(kb(heaviest.wire), 0)} KB on the wire`);

  const listed = process.env.FIRST_LOAD_FILES;
  if (listed) {
    for (const row of rows.filter((item) => listed === '1' || item.name.includes(listed))) {
      console.log(`\n${row.name}: JS files, heaviest first (on wire, decoded)`);
      for (const file of [...row.files].sort((a, b) => b.wire - a.wire))
        console.log(
          `  ${fixed(kb(file.wire), 7)} KB ${fixed(kb(file.raw), 8)} KB  ${new URL(file.name).pathname}`,
        );
    }
  }

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
