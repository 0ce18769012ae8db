import { type LiftInterval, liftSentence, type CampaignReport as Report } from '@adstudio/contract';
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

const figures = (impressions: number, clicks: number, conversions = 0, value = 0) => ({
  impressions,
  clicks,
  ctr: impressions ? clicks / impressions : 0,
  conversions,
  cvr: clicks ? conversions / clicks : 0,
  value,
});

const CTR_LIFT: LiftInterval = { difference: 0.0042, low: 0.0012, high: 0.0071, significant: true };
const TAG_CTR_LIFT: LiftInterval = { difference: -0.002, low: -0.005, high: 0.001, significant: false };

const REPORT: Report = {
  campaign: { id: 3, name: 'Winter Sun' },
  start: '2026-11-01',
  end: '2026-11-03',
  bounds: { start: '2026-10-01', end: '2026-12-31' },
  totals: figures(12_500, 190, 19, 1234.5),
  daily: [
    { day: '2026-11-01', ...figures(4000, 50, 5, 300) },
    { day: '2026-11-02', ...figures(4500, 60, 6, 400) },
    { day: '2026-11-03', ...figures(4000, 80, 8, 534.5) },
  ],
  creatives: [
    { id: 1, name: 'Leaderboard', width: 728, height: 90, ...figures(8000, 40, 4, 200) },
    { id: 2, name: 'Skyscraper', width: 160, height: 600, ...figures(3000, 120, 12, 984.5) },
    { id: 3, name: 'Rectangle', width: 300, height: 250, ...figures(1500, 30, 3, 50) },
  ],
  variants: [
    {
      creative_id: 1,
      creative_name: 'Leaderboard',
      rule_id: 0,
      reporting_label: 'Default',
      ...figures(8000, 40, 4, 200),
      ctr_low: 0.0037,
      ctr_high: 0.0068,
    },
    {
      creative_id: 2,
      creative_name: 'Skyscraper',
      rule_id: 4,
      reporting_label: 'Paris',
      ...figures(3000, 120, 12, 984.5),
      ctr_low: 0.0336,
      ctr_high: 0.0476,
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
      ...figures(1200, 12, 1, 49.99),
    },
    {
      id: 8,
      name: 'Old slot',
      creative_id: 3,
      creative_name: 'Rectangle',
      media_entity_name: null,
      revoked_at: '2026-11-02T10:00:00.000Z',
      ...figures(300, 18, 2, 0.1 + 0.2),
    },
  ],
  lift: {
    creatives: [
      {
        creative_id: 2,
        creative_name: 'Skyscraper',
        tag_id: null,
        tag_name: null,
        holdout_percent: 10,
        dynamic: figures(2700, 113, 11, 900),
        control: figures(300, 7, 1, 84.5),
        ctr_lift: CTR_LIFT,
        cvr_lift: null,
      },
    ],
    tags: [
      {
        creative_id: 2,
        creative_name: 'Skyscraper',
        tag_id: 9,
        tag_name: 'Sidebar',
        holdout_percent: 10,
        dynamic: figures(900, 30, 3, 300),
        control: figures(100, 4, 0, 0),
        ctr_lift: TAG_CTR_LIFT,
        cvr_lift: null,
      },
    ],
  },
};
const NO_LIFT = { creatives: [], tags: [] };

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
      ['Conversions', '19'],
      ['CVR', '10.00%'],
      ['Value', '1,234.50'],
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
      '"Creative ID","Creative","Width","Height","Impressions","Clicks","CTR (%)","Conversions","CVR (%)","Value"\r\n' +
        '3,"Rectangle",300,250,1500,30,2,3,10,50\r\n' +
        '1,"Leaderboard",728,90,8000,40,0.5,4,10,200\r\n' +
        '2,"Skyscraper",160,600,3000,120,4,12,10,984.5\r\n',
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
      ['Homepage MPU', 'Rectangle', 'Daily Planet', '1,200', '12', '1.00%', '1', '8.33%', '49.99'],
      ['Old slotRevoked', 'Rectangle', '—', '300', '18', '6.00%', '2', '11.11%', '0.30'],
    ]);
    const ctr = [...(table('By tag')?.querySelectorAll('th') ?? [])].find(
      (cell) => cell.textContent === 'CTR',
    );
    await click(ctr?.querySelector<HTMLElement>('[role="button"], button'));
    expect(firstColumn('By tag')).toEqual(['Old slotRevoked', 'Homepage MPU']);

    await click(button('Export CSV by tag'));
    expect(download).toHaveBeenCalledWith(
      'report-winter-sun-2026-11-01-2026-11-03-tags.csv',
      '"Tag ID","Tag","Creative ID","Creative","Publisher","Revoked at","Impressions","Clicks","CTR (%)","Conversions","CVR (%)","Value"\r\n' +
        '8,"Old slot",3,"Rectangle","","2026-11-02T10:00:00.000Z",300,18,6,2,11.11,0.3\r\n' +
        '7,"Homepage MPU",3,"Rectangle","Daily Planet","",1200,12,1,1,8.33,49.99\r\n',
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
      lift: NO_LIFT,
    });
    expect(container.textContent).toContain('No impressions in this timeframe yet.');
    expect(table('By creative')).toBeNull();
  });
  it('shows the holdout’s lift: the rates of both arms, the interval, the contract’s words, the tags', async () => {
    await renderReport(REPORT);
    const section = [...container.querySelectorAll('section')].find(
      (element) => element.querySelector('h2')?.textContent === 'Lift (holdout)',
    );
    expect(section).toBeDefined();
    expect(section?.querySelector('h3')?.textContent).toBe('Skyscraper');
    expect(section?.querySelector('dl')?.textContent).toContain('10 % of views');

    const rows = [...(table('Lift of Skyscraper')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['CTR', '4.19%', '2.33%', '+0.42 pt', '+0.12 pt to +0.71 pt', 'Significant lift'],
      ['CVR', '9.73%', '14.29%', '—', '—', 'Not enough views'],
    ]);
    expect(table('Lift of Skyscraper')?.querySelector('tbody th')?.getAttribute('scope')).toBe('row');
    // Significant shows in words and an icon, not in colour alone.
    const mark = section?.querySelector('[data-lift="lift"]');
    expect(mark?.textContent).toBe('Significant lift');
    expect(mark?.querySelector('svg')).not.toBeNull();

    const sentences = [...container.querySelectorAll('[data-testid="lift-sentence"]')].map(
      (item) => item.textContent,
    );
    expect(sentences).toEqual([liftSentence('CTR', CTR_LIFT), liftSentence('CVR', null)]);
    expect(sentences[0]).toBe(
      'Significant CTR lift: the dynamic views beat the control by +0.42 pt (95 % CI +0.12 pt to +0.71 pt).',
    );

    const tags = [...(table('Lift of Skyscraper by tag')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(tags).toEqual([
      [
        'Sidebar',
        '900 / 100',
        '3.33% / 4.00%',
        '−0.20 pt−0.50 pt to +0.10 ptNot significant',
        '10.00% / 0.00%',
        '—No interval yetNot enough views',
      ],
    ]);

    await click(button('Export CSV lift (holdout)'));
    const [filename, csv] = download.mock.calls[0] ?? [];
    expect(filename).toBe('report-winter-sun-2026-11-01-2026-11-03-lift.csv');
    expect(String(csv).split('\r\n')).toEqual([
      '"Creative ID","Creative","Tag ID","Tag","Holdout (%)",' +
        '"Dynamic impressions","Dynamic clicks","Dynamic CTR (%)","Dynamic conversions","Dynamic CVR (%)","Dynamic value",' +
        '"Control impressions","Control clicks","Control CTR (%)","Control conversions","Control CVR (%)","Control value",' +
        '"CTR lift (pt)","CTR lift low (pt)","CTR lift high (pt)","CTR lift significant",' +
        '"CVR lift (pt)","CVR lift low (pt)","CVR lift high (pt)","CVR lift significant"',
      '2,"Skyscraper","","",10,2700,113,4.19,11,9.73,900,300,7,2.33,1,14.29,84.5,0.42,0.12,0.71,"yes","","","",""',
      '2,"Skyscraper",9,"Sidebar",10,900,30,3.33,3,10,300,100,4,4,0,0,0,-0.2,-0.5,0.1,"no","","","",""',
      '',
    ]);
  });

  it('has no lift section without a holdout', async () => {
    await renderReport({ ...REPORT, lift: NO_LIFT });
    const headings = [...container.querySelectorAll('h2, h3')].map((heading) => heading.textContent);
    expect(headings).not.toContain('Lift (holdout)');
    expect(container.querySelector('[data-testid="lift-sentence"]')).toBeNull();
    expect(button('Export CSV lift (holdout)')).toBeUndefined();
    expect(table('By creative')).not.toBeNull();
  });
});
