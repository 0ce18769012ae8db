import type { Cell } from './feed-table';

/** A cell that does not hold what its column needs; the message says what to write instead. */
export class Invalid {
  constructor(readonly message: string) {}
}

export const isInvalid = (value: unknown): value is Invalid => value instanceof Invalid;

/** Spreadsheet text for any cell: numbers as written by JavaScript, booleans as TRUE/FALSE. */
export function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
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

export function toNumber(cell: Cell): number | Invalid {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'boolean')
    return new Invalid('This is a yes/no value, not a number: write a number like 12.5.');
  const text = String(cell).trim();
  if (DECIMAL.test(text)) return Number(text);
  if (/^[+-]?[\d.,\s]+$/.test(text)) {
    return new Invalid('Write numbers with a dot for decimals and no thousands separators, like 1234.5.');
  }
  return new Invalid('This is not a number: write a number like 12.5.');
}

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
