import type { CampaignReport as Report } from '@adstudio/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { click, render } from '../../../lib/test-render';
import { CampaignReport } from './campaign-report';

// The chart library draws nothing worth checking in happy-dom.
vi.mock('./daily-chart', () => ({ DailyChart: () => null }));
const download = vi.hoisted(() => vi.fn());
vi.mock('../report-csv', async (original) => ({
  ...(await original<typeof import('../report-csv')>()),
  downloadCsv: download,
}));

const figures = (impressions: number, clicks: number) => ({
  impressions,
  clicks,
  ctr: impressions ? clicks / impressions : 0,
});

const REPORT: Report = {
  campaign: { id: 3, name: 'Winter Sun' },
  start: '2026-11-01',
  end: '2026-11-03',
  bounds: { start: '2026-10-01', end: '2026-12-31' },
  totals: figures(12_500, 190),
  daily: [
    { day: '2026-11-01', ...figures(4000, 50) },
    { day: '2026-11-02', ...figures(4500, 60) },
    { day: '2026-11-03', ...figures(4000, 80) },
  ],
  creatives: [
    { id: 1, name: 'Leaderboard', width: 728, height: 90, ...figures(8000, 40) },
    { id: 2, name: 'Skyscraper', width: 160, height: 600, ...figures(3000, 120) },
    { id: 3, name: 'Rectangle', width: 300, height: 250, ...figures(1500, 30) },
  ],
  variants: [
    {
      creative_id: 1,
      creative_name: 'Leaderboard',
      rule_id: 0,
      reporting_label: 'Default',
      ...figures(8000, 40),
    },
    {
      creative_id: 2,
      creative_name: 'Skyscraper',
      rule_id: 4,
      reporting_label: 'Paris',
      ...figures(3000, 120),
    },
  ],
  variants_total: 1450,
  tags: [
    {
      id: 7,
      name: 'Homepage MPU',
      creative_id: 3,
      creative_name: 'Rectangle',
      media_entity_name: 'Daily Planet',
      revoked_at: null,
      ...figures(1200, 12),
    },
    {
      id: 8,
      name: 'Old slot',
      creative_id: 3,
      creative_name: 'Rectangle',
      media_entity_name: null,
      revoked_at: '2026-11-02T10:00:00.000Z',
      ...figures(300, 18),
    },
  ],
};

let container: HTMLElement;

const renderReport = async (report: Report) => {
  ({ container } = await render(<CampaignReport report={report} />));
};
const table = (name: string) => container.querySelector<HTMLTableElement>(`table[aria-label="${name}"]`);
const firstColumn = (name: string) =>
  [...(table(name)?.querySelectorAll('tbody tr') ?? [])].map((row) => row.querySelector('td')?.textContent);
const button = (name: string) =>
  [...container.querySelectorAll<HTMLElement>('button, [role="button"]')].find(
    (element) => (element.getAttribute('aria-label') ?? element.textContent) === name,
  );

describe('the campaign report', () => {
  beforeEach(() => {
    download.mockClear();
  });

  it('shows the totals, the CTR as a percentage', async () => {
    await renderReport(REPORT);
    const totals = [...container.querySelectorAll('dl[aria-label="Totals"] > *')].map((card) => [
      card.querySelector('dt')?.textContent,
      card.querySelector('dd')?.textContent,
    ]);
    expect(totals).toEqual([
      ['Impressions', '12,500'],
      ['Clicks', '190'],
      ['CTR', '1.52%'],
    ]);
    expect(container.textContent).toContain('1,450 variants had traffic; the first 2 are listed.');
  });

  it('sorts a table by clicks and exports it in that order', async () => {
    await renderReport(REPORT);
    expect(firstColumn('By creative')).toEqual(['Leaderboard', 'Skyscraper', 'Rectangle']);

    const clicks = [...(table('By creative')?.querySelectorAll('th') ?? [])].find(
      (cell) => cell.textContent === 'Clicks',
    );
    const label = clicks?.querySelector<HTMLElement>('[role="button"], button');
    expect(label?.tabIndex).toBe(0);
    await click(label);
    expect(firstColumn('By creative')).toEqual(['Skyscraper', 'Leaderboard', 'Rectangle']);
    expect(clicks?.getAttribute('aria-sort')).toBe('descending');
    await click(label);
    expect(firstColumn('By creative')).toEqual(['Rectangle', 'Leaderboard', 'Skyscraper']);
    expect(clicks?.getAttribute('aria-sort')).toBe('ascending');

    await click(button('Export CSV by creative'));
    expect(download).toHaveBeenCalledWith(
      'report-winter-sun-2026-11-01-2026-11-03-creatives.csv',
      '"Creative ID","Creative","Width","Height","Impressions","Clicks","CTR (%)"\r\n' +
        '3,"Rectangle",300,250,1500,30,2\r\n' +
        '1,"Leaderboard",728,90,8000,40,0.5\r\n' +
        '2,"Skyscraper",160,600,3000,120,4\r\n',
    );
    // The other table keeps its own order.
    expect(firstColumn('By variant')).toEqual(['Leaderboard', 'Skyscraper']);
  });

  it('breaks the figures down by tag under the creatives, sortable, with its own export', async () => {
    await renderReport(REPORT);
    const headings = [...container.querySelectorAll('h2')].map((heading) => heading.textContent);
    expect(headings.indexOf('By tag')).toBe(headings.indexOf('By creative') + 1);
    const cells = () =>
      [...(table('By tag')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      );
    expect(cells()).toEqual([
      ['Homepage MPU', 'Rectangle', 'Daily Planet', '1,200', '12', '1.00%'],
      ['Old slotRevoked', 'Rectangle', '—', '300', '18', '6.00%'],
    ]);
    const ctr = [...(table('By tag')?.querySelectorAll('th') ?? [])].find(
      (cell) => cell.textContent === 'CTR',
    );
    await click(ctr?.querySelector<HTMLElement>('[role="button"], button'));
    expect(firstColumn('By tag')).toEqual(['Old slotRevoked', 'Homepage MPU']);

    await click(button('Export CSV by tag'));
    expect(download).toHaveBeenCalledWith(
      'report-winter-sun-2026-11-01-2026-11-03-tags.csv',
      '"Tag ID","Tag","Creative ID","Creative","Publisher","Revoked at","Impressions","Clicks","CTR (%)"\r\n' +
        '8,"Old slot",3,"Rectangle","","2026-11-02T10:00:00.000Z",300,18,6\r\n' +
        '7,"Homepage MPU",3,"Rectangle","Daily Planet","",1200,12,1\r\n',
    );
  });

  it('says so when no tag served in the timeframe', async () => {
    await renderReport({ ...REPORT, tags: [] });
    expect(table('By tag')).toBeNull();
    expect(container.textContent).toContain('No tag served in this timeframe.');
    expect(button('Export CSV by tag')).toHaveProperty('disabled', true);
    expect(table('By creative')).not.toBeNull();
  });

  it('says so when the timeframe had no traffic', async () => {
    await renderReport({
      ...REPORT,
      totals: figures(0, 0),
      daily: REPORT.daily.map((day) => ({ ...day, ...figures(0, 0) })),
      creatives: [],
      variants: [],
      variants_total: 0,
      tags: [],
    });
    expect(container.textContent).toContain('No impressions in this timeframe yet.');
    expect(table('By creative')).toBeNull();
  });
});
