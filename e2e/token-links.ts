import type { Locator, Page } from '@playwright/test';
import { apiAs, expect } from './fixtures';

export interface TokenPage {
  name: 'preview' | 'report' | 'approvals';
  path: string;
  /** What shows once the page's content is there. */
  loaded: (page: Page) => Locator;
}

/** A live campaign of the demo data whose report has rows. */
export async function liveCampaignWithTraffic(page: Page): Promise<number> {
  const live = await apiAs<{ id: number }[]>(page, 'GET', '/v1/campaigns/?status=live&items-per-page=20');
  for (const campaign of live) {
    const report = await apiAs<{ totals: { impressions: number } }>(
      page,
      'GET',
      `/v1/campaigns/${campaign.id}/report`,
    );
    if (report.totals.impressions > 0) return campaign.id;
  }
  throw new Error('the demo data has no live campaign with traffic');
}

/** One link of each kind, made through the API as an admin, over the demo data. */
export async function tokenPages(page: Page): Promise<TokenPage[]> {
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

  const reportCampaign = await liveCampaignWithTraffic(page);
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
