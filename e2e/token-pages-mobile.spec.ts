import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tokenPages } from './token-links';

test.use({ role: 'admin' });

/** The widths of the issue: a small phone, a common phone, a tablet held upright. */
const WIDTHS = [320, 390, 768] as const;
const HEIGHT = 800;

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
          await expect(outsider.getByRole('heading', { name: 'By tag' })).toBeVisible();
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
