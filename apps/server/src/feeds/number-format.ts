import { isDateFormat } from './excel-dates';

/**
 * How a cell style shows a number, as far as a feed reads it: as a date, by a fixed format (the
 * decimals, thousands separators, percent and currency text that prices, counts and rates use),
 * or plainly (`general`: General itself and every format not read here, such as scientific,
 * fractions and accounting alignment).
 */
export type NumberFormat = 'general' | 'date' | FixedFormat;

export interface FixedFormat {
  decimals: number;
  grouping: boolean;
  /** A `%` in the format: the number is shown times 100. */
  percent: boolean;
  prefix: string;
  suffix: string;
}

/** The built-in formats (ECMA-376 §18.8.30) read as fixed; the others have locale-dependent text. */
const BUILT_IN: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
};

/** A cell style's number format by its id and code (the code of a custom format, ids from 164). */
export function numberFormatOf(numFmtId: number, formatCode?: string): NumberFormat {
  if (isDateFormat(numFmtId, formatCode)) return 'date';
  const code = formatCode ?? BUILT_IN[numFmtId];
  return (code && fixedFormat(code)) || 'general';
}

/** The digits a fixed format may have: `0`, `0.00`, `#,##0`, `#,##0.00` (any count of decimals). */
const DIGITS = /^(#,##)?0(?:\.(0+))?$/;

/**
 * Reads one section of literal text, the digits and more literal text; a second section is
 * accepted when it only puts a minus before the first (LibreOffice writes `…;[RED]-…`).
 */
function fixedFormat(code: string): FixedFormat | undefined {
  const sections = splitSections(code);
  if (!sections || sections.length > 2) return undefined;
  const positive = readSection(sections[0]!);
  if (!positive) return undefined;
  if (sections.length === 2) {
    const negative = readSection(sections[1]!);
    if (!negative || negative.prefix !== `-${positive.prefix}` || negative.suffix !== positive.suffix)
      return undefined;
    if (negative.digits !== positive.digits) return undefined;
  }
  const digits = DIGITS.exec(positive.digits);
  if (!digits) return undefined;
  const percent = `${positive.prefix}${positive.suffix}`.includes('%');
  return {
    decimals: digits[2]?.length ?? 0,
    grouping: digits[1] !== undefined,
    percent,
    prefix: positive.prefix,
    suffix: positive.suffix,
  };
}

/** The sections of a code split at `;` outside quotes; undefined for an unclosed quote. */
function splitSections(code: string): string[] | undefined {
  const sections: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && !quoted) i++;
    else if (ch === ';' && !quoted) {
      sections.push(code.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) return undefined;
  sections.push(code.slice(start));
  return sections;
}

/** Characters a format shows as themselves without quotes. */
const LITERAL = new Set([' ', '$', '-', '+', '(', ')', '%', '€', '£', '¥']);
const DIGIT_CODES = new Set(['0', '#', ',', '.']);

interface Section {
  prefix: string;
  digits: string;
  suffix: string;
}

/** Literal text, then digit codes, then literal text; undefined for anything else in the section. */
function readSection(section: string): Section | undefined {
  const parts: Section = { prefix: '', digits: '', suffix: '' };
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    let literal: string;
    if (DIGIT_CODES.has(ch)) {
      if (parts.suffix) return undefined;
      parts.digits += ch;
      continue;
    }
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      literal = section.slice(i + 1, end);
      i = end;
    } else if (ch === '\\') {
      literal = section[++i] ?? '';
    } else if (ch === '[') {
      const end = section.indexOf(']', i);
      if (end < 0) return undefined;
      const bracket = section.slice(i + 1, end);
      i = end;
      // `[$€-407]` is currency text; a colour changes nothing in the text; conditions are not read.
      if (bracket.startsWith('$')) literal = bracket.slice(1).replace(/-[0-9A-Fa-f]+$/, '');
      else if (/^[A-Za-z]+\d*$/.test(bracket)) continue;
      else return undefined;
    } else if (LITERAL.has(ch)) {
      literal = ch;
    } else {
      return undefined;
    }
    if (parts.digits) parts.suffix += literal;
    else parts.prefix += literal;
  }
  return parts.digits ? parts : undefined;
}

/** The text a fixed format shows for `value`, as Excel rounds it (half away from zero, on 15 digits). */
export function formatNumber(value: number, format: FixedFormat): string {
  if (!Number.isFinite(value)) return numberText(value);
  const digits = roundedDigits(value, format.decimals, format.percent ? 2 : 0);
  const shown = format.grouping ? groupThousands(digits) : digits;
  const negative = value < 0 && /[1-9]/.test(digits);
  return `${negative ? '-' : ''}${format.prefix}${shown}${format.suffix}`;
}

/**
 * `|value| × 10^scale` rounded to `decimals`, from its 15 significant digits (what a spreadsheet
 * keeps), as digits with a point: 1.005 with two decimals is `1.01`, as Excel shows it.
 */
function roundedDigits(value: number, decimals: number, scale: number): string {
  const [mantissa, exponent] = Math.abs(value).toExponential(14).split('e');
  const digits = BigInt(mantissa!.replace('.', ''));
  const shift = Number(exponent) - 14 + scale + decimals;
  let scaled: bigint;
  if (shift >= 0) scaled = digits * 10n ** BigInt(shift);
  else {
    const unit = 10n ** BigInt(-shift);
    scaled = (digits + unit / 2n) / unit;
  }
  const text = scaled.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

function groupThousands(digits: string): string {
  const point = digits.indexOf('.');
  const whole = point < 0 ? digits : digits.slice(0, point);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return point < 0 ? grouped : grouped + digits.slice(point);
}

/**
 * A number as the General format shows it, to the 15 significant digits spreadsheets keep: `0.3`
 * for the 0.30000000000000004 a formula may store, `4006381333931` for a 13-digit code.
 */
export function numberText(value: number): string {
  if (value === 0) return '0';
  return String(Number(value.toPrecision(15)));
}
