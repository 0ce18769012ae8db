import { AD_SERVER_LABELS, type CampaignAdTag, TRAFFICKING_SHEET_COLUMNS, toCsv } from '@adstudio/contract';
import { XLSX_TYPE, xlsxWorkbook } from '../../lib/xlsx-writer';

/**
 * A campaign's trafficking sheet (docs/decisions/0120): one row per active tag — revoked tags
 * serve nothing and are left out — in the columns ad-ops teams hand to trafficking.
 */
export function traffickingRows(tags: readonly CampaignAdTag[]): string[][] {
  return tags
    .filter((tag) => tag.revoked_at === null)
    .map((tag) => [
      tag.creative_name,
      tag.name,
      `${tag.width}x${tag.height}`,
      AD_SERVER_LABELS[tag.ad_server],
      tag.media_entity_name ?? '',
      tag.js,
      tag.iframe,
      tag.serve_url,
    ]);
}

/** Column widths (characters) of the XLSX sheet: names narrow, snippets wide. */
const WIDTHS = [28, 28, 10, 22, 24, 60, 60, 60];

/** The sheet as a file: CSV by the one CSV writer (UTF-8 with a byte order mark), or XLSX. */
export function traffickingFile(tags: readonly CampaignAdTag[], format: 'csv' | 'xlsx') {
  const rows = traffickingRows(tags);
  if (format === 'csv')
    return {
      type: 'text/csv; charset=utf-8',
      body: Buffer.from(`\uFEFF${toCsv(TRAFFICKING_SHEET_COLUMNS, rows)}`),
    };
  return {
    type: XLSX_TYPE,
    body: xlsxWorkbook({ name: 'Tags', header: TRAFFICKING_SHEET_COLUMNS, rows, widths: WIDTHS }),
  };
}
