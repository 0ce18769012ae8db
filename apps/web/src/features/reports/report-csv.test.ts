import { afterEach, describe, expect, it, vi } from 'vitest';
import { creativesCsv, csvFilename, downloadCsv, liftCsv, slugify, variantsCsv } from './report-csv';

describe('report CSV', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the tables in the order given, the CTR and CVR as percentages, the value to the cent', () => {
    const row = { impressions: 2000, clicks: 25, ctr: 0.0125, conversions: 3, cvr: 0.12, value: 0.1 + 0.2 };
    expect(creativesCsv([{ id: 7, name: 'Leaderboard', width: 728, height: 90, ...row }])).toBe(
      '"Creative ID","Creative","Width","Height","Impressions","Clicks","CTR (%)","Conversions","CVR (%)","Value"\r\n' +
        '7,"Leaderboard",728,90,2000,25,1.25,3,12,0.3\r\n',
    );
    expect(
      variantsCsv([
        {
          creative_id: 7,
          creative_name: 'B',
          rule_id: 0,
          reporting_label: '-',
          ...row,
          ctr: 0,
          ctr_low: 0,
          ctr_high: 0.0019,
        },
        {
          creative_id: 7,
          creative_name: 'A',
          rule_id: 3,
          reporting_label: 'Paris, from €99',
          ...row,
          ctr_low: 0.00847,
          ctr_high: 0.01843,
        },
      ]),
    ).toBe(
      '"Creative ID","Creative","Variant ID","Variant","Impressions","Clicks","CTR (%)","Conversions","CVR (%)","Value","CTR low (%)","CTR high (%)"\r\n' +
        `7,"B",0,"'-",2000,25,0,3,12,0.3,0,0.19\r\n` +
        '7,"A",3,"Paris, from €99",2000,25,1.25,3,12,0.3,0.85,1.84\r\n',
    );
  });

  it('writes the lift, a creative then its tags, blank where an arm has no views', () => {
    const arm = { impressions: 1000, clicks: 20, ctr: 0.02, conversions: 2, cvr: 0.1, value: 19.999 };
    const creative = {
      creative_id: 7,
      creative_name: 'Leaderboard',
      tag_id: null,
      tag_name: null,
      holdout_percent: 20,
      dynamic: arm,
      control: { ...arm, impressions: 250, clicks: 1, ctr: 0.004, conversions: 0, cvr: 0, value: 0 },
      ctr_lift: { difference: 0.016, low: 0.0041, high: 0.0237, significant: true },
      cvr_lift: null,
    };
    const lines = liftCsv([
      creative,
      { ...creative, tag_id: 3, tag_name: '=Homepage', ctr_lift: null },
    ]).split('\r\n');
    expect(lines[0]).toBe(
      '"Creative ID","Creative","Tag ID","Tag","Holdout (%)",' +
        '"Dynamic impressions","Dynamic clicks","Dynamic CTR (%)","Dynamic conversions","Dynamic CVR (%)","Dynamic value",' +
        '"Control impressions","Control clicks","Control CTR (%)","Control conversions","Control CVR (%)","Control value",' +
        '"CTR lift (pt)","CTR lift low (pt)","CTR lift high (pt)","CTR lift significant",' +
        '"CVR lift (pt)","CVR lift low (pt)","CVR lift high (pt)","CVR lift significant"',
    );
    expect(lines.slice(1)).toEqual([
      '7,"Leaderboard","","",20,1000,20,2,2,10,20,250,1,0.4,0,0,0,1.6,0.41,2.37,"yes","","","",""',
      `7,"Leaderboard",3,"'=Homepage",20,1000,20,2,2,10,20,250,1,0.4,0,0,0,"","","","","","","",""`,
      '',
    ]);
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
