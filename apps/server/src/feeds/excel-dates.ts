/** Built-in number formats that show dates or times (ECMA-376 §18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * Whether a cell style's number format shows a date or a time: a built-in date format, or a custom
 * code with a d/m/y/h/s outside quoted text, brackets (colours, locales, conditions) and escapes.
 */
export function isDateFormat(numFmtId: number, formatCode?: string): boolean {
  if (BUILT_IN_DATE_FORMATS.has(numFmtId)) return true;
  // LibreOffice names the general format after the locale ("Standard" has a d and an s).
  if (formatCode === undefined || /^(general|standard)$/i.test(formatCode.trim())) return false;
  const bare = formatCode.replace(/"[^"]*"|\[[^\]]*\]|\\.|[_*]./g, '');
  return /[dmyhs]/i.test(bare);
}

/** Days from 1970-01-01 to day 0 of each date system (1899-12-30: Excel, LibreOffice and Google agree from 1900-03-01). */
const EPOCH_1900 = -25_569;
const EPOCH_1904 = -24_107;

/**
 * A date serial as ISO text: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` when it has a time of day
 * (rounded to the second). Negative serials and years past 9999 are not dates: undefined.
 */
export function serialToIso(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 0) return undefined;
  const seconds = Math.round(serial * 86_400);
  let days = Math.floor(seconds / 86_400);
  // Serials 1–59 come before the day Lotus thought 1900 had (1900-02-29), which shifts them by one.
  if (!date1904 && serial >= 1 && serial < 60) days += 1;
  const date = civilDate(days + (date1904 ? EPOCH_1904 : EPOCH_1900));
  if (date === undefined) return undefined;
  const time = seconds % 86_400;
  if (time === 0) return date;
  return `${date}T${pad2(Math.floor(time / 3600))}:${pad2(Math.floor(time / 60) % 60)}:${pad2(time % 60)}`;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** Days since 1970-01-01 as `YYYY-MM-DD` (H. Hinnant's civil_from_days; Date is slower by far). */
function civilDate(daysSinceEpoch: number): string | undefined {
  const z = daysSinceEpoch + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year > 9999) return undefined;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}
