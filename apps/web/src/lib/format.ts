/** Spec section 9: dates are shown DD/MM/YYYY. */
export const DATE_FORMAT = 'DD/MM/YYYY';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** dayjs's own pattern for text without a zone. */
const DAYJS_PARSE =
  /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/**
 * Text as dayjs reads it (`dayjs(value)`), without dayjs, which only the date pickers need: text
 * without a zone is local time; anything else goes to `Date`. null when invalid.
 */
export function parseDate(value: string): Date | null {
  const parts = /Z$/i.test(value) ? null : DAYJS_PARSE.exec(value);
  const date = parts
    ? new Date(
        Number(parts[1]),
        Number(parts[2] ?? 1) - 1 || 0,
        Number(parts[3] || 1),
        Number(parts[4] ?? 0),
        Number(parts[5] ?? 0),
        Number(parts[6] ?? 0),
        Number((parts[7] ?? '0').slice(0, 3)),
      )
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const day = (date: Date) =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)}`;

/** Formats an ISO date (`YYYY-MM-DD`, read as a calendar day) or timestamp; '' when absent or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseDate(DATE_ONLY.test(value) ? `${value}T00:00:00` : value);
  return date ? day(date) : '';
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseDate(value);
  return date ? `${day(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

const COUNT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** A count with thousands separators whatever the browser's locale: 12345 → "12,345". */
export const formatCount = (value: number): string => COUNT.format(value);

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const SIZE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A file size as people read it (1 KB = 1024 bytes): 512 → "512 B", 1536 → "1.5 KB", 12.3 MB → "12 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 10 ("1.5 KB"), whole numbers above ("12 MB"); 1023.96 KB reads "1 MB".
  let shown = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  if (shown >= 1024 && unit < BYTE_UNITS.length - 1) {
    shown = 1;
    unit += 1;
  }
  return `${SIZE.format(shown)} ${BYTE_UNITS[unit]}`;
}

/** A count with its noun: 1 → "1 asset", 1200 → "1,200 assets". */
export const formatCounted = (count: number, noun: string, plural = `${noun}s`): string =>
  `${formatCount(count)} ${count === 1 ? noun : plural}`;
