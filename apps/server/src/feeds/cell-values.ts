import { type Cell, FormattedNumber } from './feed-table';
import { numberText } from './number-format';

/** A cell that does not hold what its column needs; the message says what to write instead. */
export class Invalid {
  constructor(readonly message: string) {}
}

export const isInvalid = (value: unknown): value is Invalid => value instanceof Invalid;

/**
 * A cell as the spreadsheet shows it, which is what a CSV saved from the sheet holds: a number by
 * its format (General: up to 15 significant digits, never `0.30000000000000004`), booleans as
 * TRUE/FALSE, dates as their ISO text.
 */
export function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return numberText(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return cell.text;
}

/**
 * The value of a cell in a column no template types (docs/decisions/0074, "one sheet, one set of
 * rules"), decided by the text the sheet shows, so a CSV and an XLSX of the same sheet agree:
 * - a plain decimal becomes a JSON number: as JavaScript writes that number back (`-0.5`, `1.37`,
 *   `120`; no leading or trailing zero, `+`, exponent or separator), at most 11 digits before the
 *   point and 15 significant ones;
 * - TRUE or FALSE, in any case, becomes a boolean, as spreadsheets read the words;
 * - anything else stays the text as written: `00123`, a 13-digit EAN, `1e5`, `12%`, `1.50`, dates.
 */
export function untypedValue(cell: Cell): string | number | boolean | null {
  if (cell === null || typeof cell === 'boolean') return cell;
  return textValue(typeof cell === 'string' ? cell : cellText(cell)!);
}

/**
 * Longer whole parts are codes, not quantities (UPC-12, EAN-13, GTIN-14, card numbers): Excel's
 * General format shows 11 digits before it turns to scientific notation.
 */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d{0,10})(?:\.\d*[1-9])?$/;
const MAX_SIGNIFICANT = 15;

function textValue(text: string): string | number | boolean {
  const first = text.charCodeAt(0);
  if ((first >= 0x30 && first <= 0x39) || first === 0x2d) {
    if (!PLAIN_DECIMAL.test(text) || significantDigits(text) > MAX_SIGNIFICANT) return text;
    const number = Number(text);
    // `-0` and `0.0000001` (JavaScript writes 1e-7) are not written back as they were.
    return String(number) === text ? number : text;
  }
  if (text.length === 4 || text.length === 5) {
    const word = text.toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
  }
  return text;
}

/** Digits of a plain decimal past its leading zeros (`0.0012` has 2). */
function significantDigits(text: string): number {
  let count = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39 || (leading && code === 0x30)) continue;
    leading = false;
    count++;
  }
  return count;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

export function toBoolean(cell: Cell): boolean | Invalid {
  if (typeof cell === 'boolean') return cell;
  // What spreadsheets export, answered without a copy of the text.
  if (cell === 'TRUE') return true;
  if (cell === 'FALSE') return false;
  const word = String(cell).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return new Invalid('This is not a yes/no value: write TRUE or FALSE.');
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const PERCENT = /^[+-]?(?:\d+\.?\d*|\.\d+)%$/;

/**
 * A number from a number cell (to the 15 significant digits the sheet shows), or from decimal
 * text: `12%` is 0.12, as a percent-formatted cell holds it.
 */
export function toNumber(cell: Cell): number | Invalid {
  if (typeof cell === 'number') return fifteenDigits(cell);
  if (cell instanceof FormattedNumber) return fifteenDigits(cell.value);
  if (typeof cell === 'boolean')
    return new Invalid('This is a yes/no value, not a number: write a number like 12.5.');
  const text = String(cell).trim();
  if (DECIMAL.test(text)) return Number(text);
  // Moving the point in the text keeps 0.07% the number 0.0007 is, where 0.07 / 100 is not.
  if (PERCENT.test(text)) return Number(`${text.slice(0, -1)}e-2`);
  if (/^[+-]?[\d.,\s]+$/.test(text)) {
    return new Invalid('Write numbers with a dot for decimals and no thousands separators, like 1234.5.');
  }
  return new Invalid('This is not a number: write a number like 12.5.');
}

const fifteenDigits = (value: number) => (Number.isFinite(value) ? Number(value.toPrecision(15)) : value);

const YMD = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
/** ISO date-times (`2026-03-01T10:00:00Z`, `2026-03-01 10:00`): the date is kept as written. */
const YMD_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DMY_DOTS = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const AMBIGUOUS = /^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/;

/** A date as `YYYY-MM-DD`, from a date cell's ISO text or from text written in a clear order. */
export function toDate(cell: Cell): string | Invalid {
  if (typeof cell !== 'string') return new Invalid('This is not a date: write it as YYYY-MM-DD.');
  // Most dates come as YYYY-MM-DD already: a real day in that shape is the answer as written.
  if (isPlainIsoDay(cell)) return cell;
  const text = cell.trim();
  const ymd = YMD.exec(text) ?? YMD_TIME.exec(text);
  if (ymd) return calendarDate(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]), text);
  const dmy = DMY_DOTS.exec(text);
  if (dmy) return calendarDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]), text);
  if (AMBIGUOUS.test(text)) {
    return new Invalid('This date could be read day-first or month-first: write it as YYYY-MM-DD.');
  }
  return new Invalid('This is not a date: write it as YYYY-MM-DD.');
}

/** `YYYY-MM-DD` with four, two and two digits, naming a day of the calendar from year 1000. */
function isPlainIsoDay(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d) return false;
  let year = 0;
  let month = 0;
  let day = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return false;
    if (i < 4) year = year * 10 + digit;
    else if (i < 7) month = month * 10 + digit;
    else day = day * 10 + digit;
  }
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function calendarDate(year: number, month: number, day: number, text: string): string | Invalid {
  const last = month >= 1 && month <= 12 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 0;
  if (year < 1000 || day < 1 || day > last)
    return new Invalid(`${text} is not a day of the calendar: fix the date.`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function toUrl(cell: Cell): string | Invalid {
  const text = typeof cell === 'string' ? cell.trim() : '';
  if (/^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text)) return text;
  return new Invalid('This is not a web address: write a full URL starting with https://.');
}

export function toColor(cell: Cell): string | Invalid {
  const text = typeof cell === 'string' ? cell.trim() : '';
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text)) return text;
  return new Invalid('This is not a colour: write it as #rgb or #rrggbb, like #ff6600.');
}
