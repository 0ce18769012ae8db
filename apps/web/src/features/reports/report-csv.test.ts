import { afterEach, describe, expect, it, vi } from 'vitest';
import { creativesCsv, csvFilename, downloadCsv, slugify, variantsCsv } from './report-csv';

describe('report CSV', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the tables in the order given, the CTR as a percentage', () => {
    const row = { impressions: 2000, clicks: 25, ctr: 0.0125 };
    expect(creativesCsv([{ id: 7, name: 'Leaderboard', width: 728, height: 90, ...row }])).toBe(
      '"Creative ID","Creative","Width","Height","Impressions","Clicks","CTR (%)"\r\n' +
        '7,"Leaderboard",728,90,2000,25,1.25\r\n',
    );
    expect(
      variantsCsv([
        { creative_id: 7, creative_name: 'B', rule_id: 0, reporting_label: '-', ...row, ctr: 0 },
        { creative_id: 7, creative_name: 'A', rule_id: 3, reporting_label: 'Paris, from €99', ...row },
      ]),
    ).toBe(
      '"Creative ID","Creative","Variant ID","Variant","Impressions","Clicks","CTR (%)"\r\n' +
        `7,"B",0,"'-",2000,25,0\r\n` +
        '7,"A",3,"Paris, from €99",2000,25,1.25\r\n',
    );
  });

  it('names the file after the campaign and the days', () => {
    expect(slugify('  Zomer Sálé 2026! ')).toBe('zomer-sale-2026');
    const report = { campaign: { id: 4, name: 'Zomer Sálé 2026!' }, start: '2026-06-01', end: '2026-06-30' };
    expect(csvFilename(report, 'creatives')).toBe(
      'report-zomer-sale-2026-2026-06-01-2026-06-30-creatives.csv',
    );
    expect(csvFilename({ ...report, campaign: { id: 4, name: '★★★' } }, 'variants')).toBe(
      'report-campaign-4-2026-06-01-2026-06-30-variants.csv',
    );
  });

  it('downloads through a temporary link', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:report';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('report.csv');
      expect(this.getAttribute('href')).toBe('blob:report');
    });
    vi.useFakeTimers();
    downloadCsv('report.csv', 'a,b\r\n');
    vi.runAllTimers();
    vi.useRealTimers();
    expect(click).toHaveBeenCalledOnce();
    expect(revoke).toHaveBeenCalledWith('blob:report');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    expect(await blob?.text()).toBe('\uFEFFa,b\r\n');
  });
});
