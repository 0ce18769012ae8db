import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, test } from './fixtures';

test.use({ role: 'admin' });

/** The widths of the issue: a small phone, a common phone, a tablet held upright. */
const WIDTHS = [320, 390, 768] as const;
const HEIGHT = 800;

interface TokenPage {
  name: 'preview' | 'report' | 'approvals';
  path: string;
  /** What shows once the page's content is there. */
  loaded: (page: Page) => Locator;
}

/** How much wider than the viewport the page is (0 when it fits): the root's and the body's scroll widths. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth - window.innerWidth,
    body: document.body.scrollWidth - window.innerWidth,
  }));

async function expectFits(page: Page, what: string) {
  // Charts and ad frames size themselves after a resize observer's turn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Soft: one run tells every page and width that overflows.
  expect.soft(await overflow(page), `${what}: wider than the viewport by`).toEqual({ document: 0, body: 0 });
}

/** One link of each kind, made through the API as an admin, over the demo data. */
async function tokenPages(page: Page): Promise<TokenPage[]> {
  const [skyway] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/profiles/?filter=Skyway');
  const creatives = await apiAs<{ id: number; profile_id: number | null; campaign_id: number }[]>(
    page,
    'GET',
    '/v1/creatives/?items-per-page=100',
  );
  // The feed-driven creative has the most to lay out: variants, the ad, its fallback, the simulator.
  const travel = creatives.find((creative) => creative.profile_id === skyway?.id);
  expect(travel, 'the demo data has a creative driven by the travel feed').toBeDefined();
  const preview = await apiAs<{ url: string }>(page, 'GET', `/v1/creatives/${travel!.id}/preview-url`);

  const live = await apiAs<{ id: number }[]>(page, 'GET', '/v1/campaigns/?status=live&items-per-page=20');
  let reportCampaign = 0;
  for (const campaign of live) {
    const report = await apiAs<{ totals: { impressions: number } }>(
      page,
      'GET',
      `/v1/campaigns/${campaign.id}/report`,
    );
    if (report.totals.impressions > 0) {
      reportCampaign = campaign.id;
      break;
    }
  }
  expect(reportCampaign, 'the demo data has a live campaign with traffic').toBeGreaterThan(0);
  const report = await apiAs<{ url: string }>(page, 'POST', `/v1/campaigns/${reportCampaign}/report/url`, {});

  const [publisher] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/media-entities/?sort-by=name');
  const [approval] = await apiAs<{ url: string }[]>(
    page,
    'POST',
    `/v1/campaigns/${travel!.campaign_id}/approvals`,
    { creative_ids: [travel!.id], media_entity_ids: [publisher!.id] },
  );

  // The report link's url is a path; the others are full addresses.
  const path = (url: string) => new URL(url, 'http://localhost').pathname;
  return [
    {
      name: 'preview',
      path: path(preview.url),
      loaded: (p) => p.getByRole('navigation', { name: 'Variants' }),
    },
    {
      name: 'report',
      path: path(report.url),
      loaded: (p) => p.getByRole('figure', { name: 'Impressions and clicks per day' }).locator('svg').first(),
    },
    { name: 'approvals', path: path(approval!.url), loaded: (p) => p.getByTestId('approval-card') },
  ];
}

test('the token pages fit a phone and a tablet: no horizontal scroll at 320, 390 and 768 px', async ({
  page,
  browser,
}) => {
  const pages = await tokenPages(page);
  // Someone outside: no cookies.
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: HEIGHT } });
  try {
    const outsider = await context.newPage();
    for (const tokenPage of pages) {
      for (const width of WIDTHS) {
        await outsider.setViewportSize({ width, height: HEIGHT });
        await outsider.goto(tokenPage.path);
        await expect(tokenPage.loaded(outsider).first()).toBeVisible();
        await expectFits(outsider, `${tokenPage.name} at ${width} px`);
        if (width !== 390) continue;

        // What the page's main flow opens fits as well.
        if (tokenPage.name === 'report') {
          const timeframe = outsider.getByRole('form', { name: 'Report timeframe' });
          for (const field of ['From', 'To']) {
            await timeframe
              .getByRole('button', { name: /Choose date/ })
              .nth(field === 'From' ? 0 : 1)
              .click();
            await expect(outsider.getByRole('dialog')).toBeVisible();
            await expectFits(outsider, `the report's ${field} picker at 390 px`);
            await outsider.keyboard.press('Escape');
            await expect(outsider.getByRole('dialog')).toBeHidden();
          }
        }
        if (tokenPage.name === 'approvals') {
          const card = outsider.getByTestId('approval-card').first();
          await card.getByTestId('reject-button').click();
          await expect(card).toContainText('Say why the creative is rejected.');
          await expectFits(outsider, 'an approval with its form errors at 390 px');
        }
      }
    }
  } finally {
    await context.close();
  }
});
