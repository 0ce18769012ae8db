import type { Locator } from '@playwright/test';
import { seriousViolations } from './axe';
import { apiAs, expect, test, unique } from './fixtures';

test.use({ role: 'admin' });

/**
 * Focus after a page change (issue 44): New campaign, Create creative and Try it move the focus to
 * the new view's heading, so a keyboard user goes on from there and a screen reader reads it; the
 * first load and a filter of the same page leave it alone. The ring shows only from the keyboard.
 */
const outline = (heading: Locator) => heading.evaluate((element) => getComputedStyle(element).outlineStyle);

for (const { width, height, theme } of [
  { width: 1366, height: 900, theme: 'light' },
  { width: 390, height: 844, theme: 'dark' },
] as const) {
  test(`the new page's heading takes the focus (${width} px, ${theme})`, async ({ page }) => {
    test.slow();
    if (theme === 'light') await page.addInitScript(() => localStorage.setItem('darkTheme', 'false'));
    await page.setViewportSize({ width, height });
    const campaign = await apiAs<{ id: number; name: string }>(page, 'POST', '/v1/campaigns', {
      name: unique('Focus'),
    });

    // The first load keeps the browser's focus.
    await page.goto('/campaigns');
    const listTitle = page.getByRole('heading', { level: 1, name: 'Campaigns' });
    await expect(listTitle).toBeVisible();
    await expect(listTitle).not.toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // New campaign, from the keyboard: the form's title, with its ring.
    await page.getByRole('link', { name: 'New campaign' }).focus();
    await page.keyboard.press('Enter');
    const newTitle = page.getByRole('heading', { level: 1, name: 'New campaign' });
    await expect(newTitle).toBeFocused();
    expect(await outline(newTitle)).not.toBe('none');
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the list (another page), then a filter of it: the same page, the focus stays put.
    await page.goBack();
    await expect(listTitle).toBeFocused();
    await page.getByLabel('Filter campaigns').fill(campaign.name);
    await expect(page).toHaveURL(/filter=/);
    await expect(page.getByRole('grid', { name: 'Campaigns' })).toContainText(campaign.name);
    await expect(listTitle).not.toBeFocused();

    // Create creative, with the mouse: the new creative's title, without a ring.
    await page.goto(`/creatives/new/${campaign.id}`);
    const name = unique('Focus banner');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: '728 × 90 · Leaderboard' }).click();
    await page.getByLabel('Click URL').fill('https://click.example.com/focus');
    await page.getByRole('button', { name: 'Create creative' }).click();
    await expect(page).toHaveURL(/\/creatives\/\d+$/);
    const creativeTitle = page.getByRole('heading', { level: 1, name });
    await expect(creativeTitle).toBeFocused();
    expect(await outline(creativeTitle)).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);

    // Try it: the panel's heading.
    const creativeId = Number(/\/creatives\/(\d+)$/.exec(page.url())![1]);
    const tag = unique('Focus slot');
    await apiAs(page, 'POST', `/v1/creatives/${creativeId}/tags`, { name: tag });
    await page.goto(`/creatives/${creativeId}?tab=tags`);
    await page.getByRole('button', { name: `Show Try it for ${tag}` }).click();
    await expect(page.getByRole('heading', { name: `Try ${tag}` })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
