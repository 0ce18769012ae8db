import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readXlsx } from '../apps/server/src/feeds/xlsx-reader';
import {
  AD_SERVER_LABELS,
  AD_SERVER_MACROS,
  AD_SERVERS,
  type AdServer,
} from '../packages/contract/src/ad-tags/ad-tag';
import { TRAFFICKING_SHEET_COLUMNS } from '../packages/contract/src/ad-tags/campaign-tags';
import { seriousViolations } from './axe';
import { apiAs, expect, reloadInLightTheme, setTheme, test, unique } from './fixtures';
import { shot } from './shots';
import { liveCampaignWithTraffic } from './token-links';

test.use({ role: 'admin' });

const THEMES = ['light', 'dark'] as const;

interface Tag {
  id: number;
  name: string;
  ad_server: AdServer;
  js: string;
  iframe: string;
  serve_url: string;
}

/** How much wider than the viewport the page is (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits two frames: charts and tab strips settle after a resize observer's turn. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The selected tab is shown whole in its strip's visible part (the tab list's scrolling parent). */
async function expectTabShown(page: Page, strip: string, tab: string) {
  await settled(page);
  const list = page.getByRole('tablist', { name: strip });
  const shown = (await list.locator('xpath=..').boundingBox())!;
  const box = (await list.getByRole('tab', { name: tab, exact: true }).boundingBox())!;
  expect(box.x, `${tab} starts in view`).toBeGreaterThanOrEqual(shown.x - 0.5);
  expect(box.x + box.width, `${tab} ends in view`).toBeLessThanOrEqual(shown.x + shown.width + 0.5);
}

/** The file a click downloads, as text or bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

/**
 * A live campaign with traffic (its report has rows), two of its creatives and a tag for every ad
 * server on them, one more revoked: what the Tags and Sharing tabs show.
 */
async function campaignWithTags(page: Page) {
  const campaignId = await liveCampaignWithTraffic(page);
  const creatives = await apiAs<{ id: number; name: string; width: number; height: number }[]>(
    page,
    'GET',
    `/v1/creatives/?campaign_id=${campaignId}&items-per-page=2&sort-by=name`,
  );
  expect(creatives).toHaveLength(2);
  const tags: Tag[] = [];
  for (const [i, server] of AD_SERVERS.entries()) {
    const creative = creatives[i % 2]!;
    tags.push(
      await apiAs<Tag>(page, 'POST', `/v1/creatives/${creative.id}/tags`, {
        name: unique(`${AD_SERVER_LABELS[server]} slot`),
        ad_server: server,
      }),
    );
  }
  const revoked = await apiAs<Tag>(page, 'POST', `/v1/creatives/${creatives[0]!.id}/tags`, {
    name: unique('Revoked slot'),
  });
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const gone = await page.request.delete(`/v1/creatives/${creatives[0]!.id}/tags/${revoked.id}`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(gone.status()).toBe(204);
  return { campaignId, creatives, tags, revoked };
}

/** Each ad server's snippets carry its own macros (docs/api.md's table), or none for `generic`. */
function expectMacros(tag: Tag) {
  const macros = AD_SERVER_MACROS[tag.ad_server];
  for (const snippet of [tag.js, tag.iframe]) {
    if (!macros) {
      expect(snippet, tag.ad_server).not.toContain('click=');
      continue;
    }
    const query = macros.escaped
      ? `?click=${macros.click}&amp;cb=${macros.cachebuster}`
      : `?cb=${macros.cachebuster}&amp;click=${macros.click}`;
    expect(snippet, tag.ad_server).toContain(query);
  }
}

test('campaign Tags tab: every tag, its snippets per ad server, the trafficking sheet as CSV and XLSX; it and Sharing fit 390 px, in both themes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { campaignId, creatives, tags, revoked } = await campaignWithTags(page);
  const theme = 'dark';
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/campaigns/${campaignId}?tab=tags`);
  await expect(page.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Campaign tags' });
  for (const tag of [...tags, revoked])
    await expect(table.getByRole('row').filter({ hasText: tag.name })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: revoked.name })).toContainText('Revoked');

  // Each ad server's snippets, as the tab shows them: one tag open at a time, its row marked.
  for (const tag of tags) {
    expectMacros(tag);
    await page.getByRole('button', { name: `Show the snippets of ${tag.name}` }).click();
    await expect(page.getByTestId('tag-js')).toHaveValue(tag.js);
    await expect(page.getByTestId('tag-iframe')).toHaveValue(tag.iframe);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `campaign-tags-1366-${theme}`, { fullPage: true });

  // The trafficking sheet: active tags only, by creative name then oldest first.
  const byCreative = new Map(creatives.map((c) => [c.id, c]));
  const sized = await apiAs<{ id: number; creative_id: number }[]>(
    page,
    'GET',
    `/v1/campaigns/${campaignId}/tags`,
  );
  const expected = sized
    .map((row) => ({ row, tag: tags.find((tag) => tag.id === row.id) }))
    .filter(({ tag }) => tag !== undefined)
    .map(({ row, tag }) => {
      const creative = byCreative.get(row.creative_id)!;
      return [
        creative.name,
        tag!.name,
        `${creative.width}x${creative.height}`,
        AD_SERVER_LABELS[tag!.ad_server],
        tag!.js,
        tag!.iframe,
        tag!.serve_url,
      ];
    });
  expect(expected).toHaveLength(AD_SERVERS.length);
  const ours = (rows: unknown[][]) =>
    rows
      .filter((row) => tags.some((tag) => tag.name === row[1]))
      .map((row) => [row[0], row[1], row[2], row[3], row[5], row[6], row[7]]);

  const csv = await download(page, 'Download CSV');
  expect(csv.name).toBe(`campaign-${campaignId}-tags.csv`);
  const csvRows: string[][] = parse(fs.readFileSync(csv.path, 'utf8').replace(/^\uFEFF/, ''));
  expect(csvRows[0]).toEqual([...TRAFFICKING_SHEET_COLUMNS]);
  expect(ours(csvRows)).toEqual(expected);
  expect(csvRows.some((row) => row[1] === revoked.name)).toBe(false);

  const xlsx = await download(page, 'Download XLSX');
  expect(xlsx.name).toBe(`campaign-${campaignId}-tags.xlsx`);
  const sheet = await readXlsx(xlsx.path, []);
  expect(sheet.columns).toEqual([...TRAFFICKING_SHEET_COLUMNS]);
  const xlsxRows: unknown[][] = [];
  for await (const row of sheet.rows) xlsxRows.push(row.cells);
  expect(ours(xlsxRows)).toEqual(expected);
  expect(xlsxRows).toHaveLength(csvRows.length - 1);

  // A phone: a card per tag, the Tags tab in view, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await expectTabShown(page, 'Campaign sections', 'Tags');
  const cards = page.getByRole('list', { name: 'Campaign tags' }).getByTestId('ad-tag');
  await expect(cards).toHaveCount(sized.length);
  const card = cards.filter({ hasText: tags[0]!.name });
  // Opened from a card, the snippets come into view under the cards.
  await card.getByRole('button', { name: `Show the snippets of ${tags[0]!.name}` }).click();
  const snippets = page.getByRole('region', { name: `Snippets of ${tags[0]!.name}` });
  await expect(snippets).toBeInViewport();
  await expect(snippets.getByTestId('tag-js')).toHaveValue(tags[0]!.js);
  expect(await overflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `campaign-tags-390-${theme}`, { fullPage: true });

  // Sharing on a phone: the report's wide tables scroll inside their own labelled regions.
  await page.getByRole('tab', { name: 'Sharing' }).click();
  await expect(page.getByRole('heading', { name: 'By creative' })).toBeVisible();
  await expect(page.getByRole('region', { name: /By creative table/ })).toBeVisible();
  await settled(page);
  expect(await overflow(page)).toBe(0);
  await expectTabShown(page, 'Campaign sections', 'Sharing');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `campaign-sharing-390-${theme}`, { fullPage: true });

  // The light theme: the same views keep their contrast (the flow itself is the dark run's).
  await reloadInLightTheme(page);
  await expect(page.getByRole('heading', { name: 'By creative' })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'Sharing, light, 390 px').toEqual([]);
  await page.getByRole('tab', { name: 'Tags' }).click();
  await card.getByRole('button', { name: `Show the snippets of ${tags[0]!.name}` }).click();
  await expect(snippets.getByTestId('tag-js')).toHaveValue(tags[0]!.js);
  expect(await overflow(page)).toBe(0);
  expect(await seriousViolations(page), 'Tags, light, 390 px').toEqual([]);
  await shot(page, 'campaign-tags-390-light', { fullPage: true });
});

test('creative Tags tab: a card per tag on a phone with Snippets, Try it and Revoke in reach; the open tag keeps its contrast in both themes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [creative] = await apiAs<{ id: number }[]>(page, 'GET', '/v1/creatives/?items-per-page=1');
  const tag = await apiAs<Tag>(page, 'POST', `/v1/creatives/${creative!.id}/tags`, {
    name: unique('Phone slot'),
    ad_server: 'xandr',
  });
  const row = page.getByTestId('ad-tag').filter({ hasText: tag.name });
  for (const theme of THEMES) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/creatives/${creative!.id}?tab=tags`);
    await setTheme(page, theme);
    await page.reload();
    // Wide: the table, the open tag's row marked; its chips and buttons keep 4.5:1.
    await row.getByRole('button', { name: `Show the snippets of ${tag.name}` }).click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('tag-js')).toHaveValue(tag.js);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Ad tags' })).toBeVisible();
    await expectTabShown(page, 'Creative sections', 'Tags');
    await expect(row).toHaveAttribute('aria-current', 'true');
    for (const name of [
      `Hide the snippets of ${tag.name}`,
      `Show Try it for ${tag.name}`,
      `Revoke ${tag.name}`,
    ]) {
      const button = row.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await row.getByRole('button', { name: `Show Try it for ${tag.name}` }).click();
    await expect(page.getByRole('region', { name: `Try ${tag.name}` })).toBeInViewport();
    await settled(page);
    expect(await overflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `creative-tags-390-${theme}`, { fullPage: true });
  }

  // Revoking says what a placement will see, in words; then the tag serves no ad.
  await row.getByRole('button', { name: `Revoke ${tag.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the tag ${tag.name}?` });
  await expect(confirm).toContainText('The placement stops showing this creative at once');
  await expect(confirm).not.toContainText('410');
  // Once faded in: half-way, its text is lighter than it will be.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/creative-tags-revoke-390.png' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button')).toHaveCount(0);
  const served = await page.request.get(tag.serve_url);
  expect(served.status()).toBe(410);
});
