import type { Page } from '@playwright/test';
import type { Status } from '../packages/contract/src/statuses';
import { expectClean } from './axe';
import { alertBanner, apiAs, expect, setTheme, test, unique } from './fixtures';
import { shot } from './shots';

test.use({ role: 'admin' });

/** Each page at both widths in the default dark theme, and on a computer in light. */
const VIEWS = [
  { theme: 'dark', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 1366 },
] as const;

/** Moves an item along these statuses through the API, as another tab would. */
async function moveAlong(page: Page, path: string, statuses: readonly Status[]) {
  for (const status of statuses) await apiAs(page, 'PUT', path, { status });
}

/** A draft campaign with a live creative: the state the warnings are about. */
async function liveCreativeInDraftCampaign(page: Page) {
  const campaign = await apiAs<{ id: number; name: string }>(page, 'POST', '/v1/campaigns', {
    name: unique('Road campaign'),
  });
  const creative = await apiAs<{ id: number; name: string }>(page, 'POST', '/v1/creatives', {
    campaign_id: campaign.id,
    name: unique('Road MPU'),
    width: 300,
    height: 250,
  });
  await moveAlong(page, `/v1/creatives/${creative.id}`, ['quality assurance', 'ready', 'live']);
  return { campaign, creative };
}

const road = (page: Page) => page.getByRole('list', { name: 'The way to live' });

test('the way to live and the warnings of a live creative in a draft campaign', async ({ page }) => {
  test.setTimeout(120_000);
  const { campaign, creative } = await liveCreativeInDraftCampaign(page);

  for (const { theme, width } of VIEWS) {
    await setTheme(page, theme);
    await page.setViewportSize({ width, height: 900 });
    const at = `${theme}, ${width} px`;

    await page.goto(`/campaigns/${campaign.id}`);
    await expect(road(page).getByRole('listitem')).toHaveText([
      'draft',
      'quality assurance(ahead)',
      'ready(ahead)',
      'live(ahead)',
    ]);
    await expect(road(page).locator('[aria-current="step"]')).toHaveText('draft');
    await expect(page.getByText('Next: quality assurance, then ready, then live.')).toBeVisible();
    const onCampaign = page
      .getByRole('note')
      .filter({ hasText: 'Live creatives in a campaign that is not live' });
    await expect(onCampaign).toContainText(
      'This campaign is draft, but one of its creatives is live, and their tags still serve them:',
    );
    await expect(onCampaign.getByRole('link', { name: creative.name })).toBeVisible();
    await expect(onCampaign).toContainText(
      'To keep them, move the campaign to live (next: quality assurance).',
    );
    await expectClean(page, `campaign, ${at}`);
    await shot(page, `status-path-campaign-${theme}-${width}`, { fullPage: true });

    await page.goto(`/creatives/${creative.id}`);
    await expect(road(page).locator('[aria-current="step"]')).toHaveText('live');
    await expect(page.getByText('It is live.')).toBeVisible();
    const onCreative = page.getByRole('note').filter({ hasText: 'Its campaign is not live' });
    await expect(onCreative).toContainText(
      `Its campaign, ${campaign.name}, is draft, but this creative is live: its tags still serve it.`,
    );
    await expectClean(page, `creative, ${at}`);
    await shot(page, `status-path-creative-${theme}-${width}`, { fullPage: true });

    await page.getByRole('tab', { name: 'Tags' }).click();
    await expect(page.getByRole('note')).toHaveCount(1);
    await expect(page.getByRole('tabpanel').getByRole('note')).toContainText('its tags still serve it');
    await expectClean(page, `creative's tags, ${at}`);
  }
});

test('a refused move says which step comes first', async ({ page }) => {
  test.setTimeout(60_000);
  for (const { theme, width } of VIEWS) {
    await setTheme(page, theme);
    const at = `${theme}, ${width} px`;
    const campaign = await apiAs<{ id: number }>(page, 'POST', '/v1/campaigns', {
      name: unique('Refused'),
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('button', { name: 'Change status' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['quality assurance', 'testing']);
    await expectClean(page, `status menu, ${at}`);
    // Meanwhile another tab takes it to ready: testing is no longer one move away.
    await moveAlong(page, `/v1/campaigns/${campaign.id}`, ['quality assurance', 'ready']);
    await page.getByRole('menuitem', { name: 'testing' }).click();
    await expect(alertBanner(page)).toContainText(
      'ready → testing is not allowed: move it to action required first.',
    );
    await expectClean(page, `refusal, ${at}`);
    await shot(page, `status-path-refused-${theme}-${width}`, { fullPage: true });
  }
});
