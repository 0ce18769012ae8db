import {
  type CampaignReport,
  type LiftInterval,
  type ReportFigures,
  type ReportLift,
  toCsv,
} from '@adstudio/contract';
import { ratePercent, valueNumber } from './report-format';

export type CreativeRow = CampaignReport['creatives'][number];
export type VariantRow = CampaignReport['variants'][number];
export type TagRow = CampaignReport['tags'][number];
export type DayRow = CampaignReport['daily'][number];

const FIGURES = ['Impressions', 'Clicks', 'CTR (%)', 'Conversions', 'CVR (%)', 'Value'] as const;
const figures = (row: ReportFigures) => [
  row.impressions,
  row.clicks,
  ratePercent(row.ctr),
  row.conversions,
  ratePercent(row.cvr),
  valueNumber(row.value),
];

/** The "By day" table, rows in the order given (the table's sort). */
export const dailyCsv = (rows: readonly DayRow[]): string =>
  toCsv(
    ['Day', ...FIGURES],
    rows.map((row) => [row.day, ...figures(row)]),
  );

/** The "By creative" table, rows in the order given (the table's sort). */
export const creativesCsv = (rows: readonly CreativeRow[]): string =>
  toCsv(
    ['Creative ID', 'Creative', 'Width', 'Height', ...FIGURES],
    rows.map((row) => [row.id, row.name, row.width, row.height, ...figures(row)]),
  );

/** The "By variant" table, rows in the order given (the table's sort). */
export const variantsCsv = (rows: readonly VariantRow[]): string =>
  toCsv(
    ['Creative ID', 'Creative', 'Variant ID', 'Variant', ...FIGURES, 'CTR low (%)', 'CTR high (%)'],
    rows.map((row) => [
      row.creative_id,
      row.creative_name,
      row.rule_id,
      row.reporting_label,
      ...figures(row),
      ratePercent(row.ctr_low),
      ratePercent(row.ctr_high),
    ]),
  );

/** The "By tag" table, rows in the order given (the table's sort). */
export const tagsCsv = (rows: readonly TagRow[]): string =>
  toCsv(
    ['Tag ID', 'Tag', 'Creative ID', 'Creative', 'Publisher', 'Revoked at', ...FIGURES],
    rows.map((row) => [
      row.id,
      row.name,
      row.creative_id,
      row.creative_name,
      row.media_entity_name ?? '',
      row.revoked_at ?? '',
      ...figures(row),
    ]),
  );

/** One arm's figures, named as FIGURES are: "Dynamic impressions", "Control CTR (%)". */
const ARM = (arm: 'Dynamic' | 'Control') => [
  `${arm} impressions`,
  `${arm} clicks`,
  `${arm} CTR (%)`,
  `${arm} conversions`,
  `${arm} CVR (%)`,
  `${arm} value`,
];
const LIFT = (metric: 'CTR' | 'CVR') => [
  `${metric} lift (pt)`,
  `${metric} lift low (pt)`,
  `${metric} lift high (pt)`,
  `${metric} lift significant`,
];
/** Points as the spreadsheet's number (0.0042 → 0.42); blank while an arm has no views. */
const lift = (interval: LiftInterval | null) =>
  interval
    ? [
        ratePercent(interval.difference),
        ratePercent(interval.low),
        ratePercent(interval.high),
        interval.significant ? 'yes' : 'no',
      ]
    : ['', '', '', ''];

/**
 * The "Lift (holdout)" section: one line per creative, then one per tag of it (the tag columns
 * blank on the creative's own line), each arm's figures and the lift of CTR and CVR.
 */
export const liftCsv = (rows: readonly ReportLift[]): string =>
  toCsv(
    [
      'Creative ID',
      'Creative',
      'Tag ID',
      'Tag',
      'Holdout (%)',
      ...ARM('Dynamic'),
      ...ARM('Control'),
      ...LIFT('CTR'),
      ...LIFT('CVR'),
    ],
    rows.map((row) => [
      row.creative_id,
      row.creative_name,
      row.tag_id ?? '',
      row.tag_name ?? '',
      row.holdout_percent,
      ...figures(row.dynamic),
      ...figures(row.control),
      ...lift(row.ctr_lift),
      ...lift(row.cvr_lift),
    ]),
  );

/** A name as a file name part: "Zomer Sale 2026!" → "zomer-sale-2026". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** `report-{campaign}-{start}-{end}-{table}.csv`. */
export function csvFilename(
  report: Pick<CampaignReport, 'campaign' | 'start' | 'end'>,
  table: string,
): string {
  const campaign = slugify(report.campaign.name) || `campaign-${report.campaign.id}`;
  return `report-${campaign}-${report.start}-${report.end}-${table}.csv`;
}

/**
 * Saves CSV text as a file. The byte order mark makes Excel read it as UTF-8 (names with accents);
 * the object URL is released once the click has started the download.
 */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
