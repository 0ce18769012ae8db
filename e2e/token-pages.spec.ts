import AxeBuilder from '@axe-core/playwright';
import { apiAs, expect, test } from './fixtures';

test.use({ role: 'admin' });

interface DemoCreative {
  id: number;
  name: string;
  profile_id: number | null;
}

test('a shared preview opens without signing in and steps through its variants by keyboard', async ({
  page,
  browser,
}) => {
  const [skyway] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/profiles/?filter=Skyway');
  const creatives = await apiAs<DemoCreative[]>(page, 'GET', '/v1/creatives/?items-per-page=100');
  const travel = creatives.find((creative) => creative.profile_id === skyway?.id);
  expect(travel, 'the demo data has a creative driven by the travel feed').toBeDefined();
  const { url } = await apiAs<{ url: string }>(page, 'GET', `/v1/creatives/${travel!.id}/preview-url`);
  const path = new URL(url).pathname;

  // Someone outside: a fresh context, no cookies.
  const context = await browser.newContext();
  try {
    const outsider = await context.newPage();
    await outsider.goto(path);
    await expect(outsider.getByRole('heading', { level: 1, name: travel!.name })).toBeVisible();
    const variants = outsider.getByRole('navigation', { name: 'Variants' });
    await expect(variants.getByRole('button')).toHaveCount(8);
    await expect(outsider.getByText('Variant 1 of 8: Marrakesh – from 219')).toBeVisible();
    // The ad plays the variant's own content, in the sandbox.
    const frame = outsider.locator('iframe[title="Ad: Marrakesh – from 219"]');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
    await expect(
      outsider.frameLocator('iframe[title="Ad: Marrakesh – from 219"]').locator('body'),
    ).toContainText('Souks, riads and mint tea');
    await expect(outsider.getByRole('img', { name: `Fallback image of ${travel!.name}` })).toBeVisible();

    await outsider.keyboard.press('ArrowRight');
    await expect(outsider.getByText('Variant 2 of 8: Reykjavík – from 329')).toBeVisible();
    await expect(outsider).toHaveURL(new RegExp(`${path}/\\d+$`));
    const second = outsider.url();
    await expect(
      outsider.frameLocator('iframe[title="Ad: Reykjavík – from 329"]').locator('body'),
    ).toContainText('Northern lights season');
    await outsider.keyboard.press('ArrowLeft');
    await expect(outsider.getByText('Variant 1 of 8: Marrakesh – from 219')).toBeVisible();

    // A variant's own address opens that variant.
    await outsider.goto(second);
    await expect(outsider.getByText('Variant 2 of 8: Reykjavík – from 329')).toBeVisible();
    await expect(variants.getByRole('button', { name: 'Reykjavík – from 329' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    const { violations } = await new AxeBuilder({ page: outsider }).exclude('iframe').analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // An unknown link says so.
    await outsider.goto(`/externalpreview/${'x'.repeat(43)}`);
    await expect(outsider.getByText('This link does not exist')).toBeVisible();
  } finally {
    await context.close();
  }
});
