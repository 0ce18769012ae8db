/**
 * The one CSV writer every export uses (a report's tables in the browser, a feed's errors on the
 * server). CSV is opened by spreadsheets in any locale, so text is written to be read as text only:
 * - every text field is quoted: a `;`-locale spreadsheet splits unquoted text at `;`, so a creative
 *   named `a;=1+1` would become the cells `a` and the formula `=1+1`;
 * - text that would start a formula (`=`, `+`, `-`, `@`, tab, return) gets a leading apostrophe,
 *   for spreadsheets that still read a quoted field's formula (names come from other people);
 * - quotes are doubled (RFC 4180) and every line ends with CRLF.
 * Numbers are written as they are, unquoted, so they stay numbers.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field. */
export function csvField(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = value === null || value === undefined ? '' : String(value);
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${guarded.replaceAll('"', '""')}"`;
}

/** A header row and records as CSV text, each line ended by CRLF. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
