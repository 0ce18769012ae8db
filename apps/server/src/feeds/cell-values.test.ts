import { describe, expect, it } from 'vitest';
import { cellText, Invalid, toBoolean, toColor, toDate, toNumber, toUrl, untypedValue } from './cell-values';
import { FormattedNumber } from './feed-table';

const invalid = (message: string) => new Invalid(message);

describe('toDate', () => {
  it('reads clear date text and date cells as YYYY-MM-DD', () => {
    expect(toDate('2026-03-01')).toBe('2026-03-01');
    expect(toDate(' 2026-3-1 ')).toBe('2026-03-01');
    expect(toDate('2026/03/01')).toBe('2026-03-01');
    expect(toDate('2026-03-01T10:30:00')).toBe('2026-03-01');
    expect(toDate('2026-03-01T23:30:00.123+02:00')).toBe('2026-03-01');
    expect(toDate('2026-03-01 08:00')).toBe('2026-03-01');
    expect(toDate('01.03.2026')).toBe('2026-03-01');
    expect(toDate('1.3.2026')).toBe('2026-03-01');
    expect(toDate('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses day-or-month-first forms, impossible days and non-dates', () => {
    const ambiguous = invalid('This date could be read day-first or month-first: write it as YYYY-MM-DD.');
    expect(toDate('1/2/2026')).toEqual(ambiguous);
    expect(toDate('12-31-26')).toEqual(ambiguous);
    expect(toDate('2026-02-30')).toEqual(invalid('2026-02-30 is not a day of the calendar: fix the date.'));
    expect(toDate('2025-02-29')).toEqual(invalid('2025-02-29 is not a day of the calendar: fix the date.'));
    expect(toDate('2026-13-01')).toEqual(invalid('2026-13-01 is not a day of the calendar: fix the date.'));
    expect(toDate('31.04.2026')).toEqual(invalid('31.04.2026 is not a day of the calendar: fix the date.'));
    const notADate = invalid('This is not a date: write it as YYYY-MM-DD.');
    expect(toDate('next Monday')).toEqual(notADate);
    expect(toDate('2026-03-01T25')).toEqual(notADate);
    expect(toDate(46082)).toEqual(notADate);
    expect(toDate(true)).toEqual(notADate);
  });
});

describe('toBoolean', () => {
  it('reads the usual yes/no spellings, ignoring case', () => {
    for (const yes of [true, 'TRUE', 'true', 'Yes', 'y', 'Y', '1', ' yes ', 1])
      expect(toBoolean(yes)).toBe(true);
    for (const no of [false, 'FALSE', 'no', 'N', '0', 0]) expect(toBoolean(no)).toBe(false);
    expect(toBoolean('maybe')).toEqual(invalid('This is not a yes/no value: write TRUE or FALSE.'));
    expect(toBoolean(2)).toEqual(invalid('This is not a yes/no value: write TRUE or FALSE.'));
  });
});

describe('toNumber', () => {
  it('reads number cells and plain decimal text', () => {
    expect(toNumber(12.5)).toBe(12.5);
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber(' -3 ')).toBe(-3);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('1e3')).toBe(1000);
    expect(toNumber('01234')).toBe(1234);
  });

  it('reads a percentage as the number a percent-formatted cell holds, and a cell to 15 digits', () => {
    expect(toNumber('12%')).toBe(0.12);
    expect(toNumber(' 12.5% ')).toBe(0.125);
    expect(toNumber('0.07%')).toBe(0.0007);
    expect(toNumber('-3%')).toBe(-0.03);
    expect(toNumber(new FormattedNumber(0.12, '12%'))).toBe(0.12);
    expect(toNumber(new FormattedNumber(1234.5, '1,234.50'))).toBe(1234.5);
    expect(toNumber(0.1 + 0.2)).toBe(0.3);
    expect(toNumber('12 %')).toEqual(invalid('This is not a number: write a number like 12.5.'));
    expect(toNumber('%')).toEqual(invalid('This is not a number: write a number like 12.5.'));
  });

  it('refuses separators, words and booleans', () => {
    const separators = invalid(
      'Write numbers with a dot for decimals and no thousands separators, like 1234.5.',
    );
    expect(toNumber('12,5')).toEqual(separators);
    expect(toNumber('1,234.5')).toEqual(separators);
    expect(toNumber('1 234')).toEqual(separators);
    expect(toNumber('twelve')).toEqual(invalid('This is not a number: write a number like 12.5.'));
    expect(toNumber('12 €')).toEqual(invalid('This is not a number: write a number like 12.5.'));
    expect(toNumber(true)).toEqual(
      invalid('This is a yes/no value, not a number: write a number like 12.5.'),
    );
  });
});

describe('toUrl and toColor', () => {
  it('takes http(s) URLs only', () => {
    expect(toUrl(' https://example.com/a.png?x=1 ')).toBe('https://example.com/a.png?x=1');
    expect(toUrl('HTTP://example.com')).toBe('HTTP://example.com');
    const notUrl = invalid('This is not a web address: write a full URL starting with https://.');
    for (const bad of [
      'example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://exa mple.com',
      'https://',
      12,
    ]) {
      expect(toUrl(bad), String(bad)).toEqual(notUrl);
    }
  });

  it('takes #rgb and #rrggbb', () => {
    expect(toColor('#fff')).toBe('#fff');
    expect(toColor(' #FF6600 ')).toBe('#FF6600');
    const notColor = invalid('This is not a colour: write it as #rgb or #rrggbb, like #ff6600.');
    for (const bad of ['fff', '#ffff', '#ggg', 'red', 0]) expect(toColor(bad), String(bad)).toEqual(notColor);
  });
});

describe('cellText', () => {
  it('writes every cell as a spreadsheet shows it', () => {
    expect(cellText(null)).toBeNull();
    expect(cellText('a')).toBe('a');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(false)).toBe('FALSE');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(4006381333931)).toBe('4006381333931');
    expect(cellText(new FormattedNumber(0.12, '12%'))).toBe('12%');
  });
});

describe('untypedValue', () => {
  it('makes a plain decimal a number and TRUE/FALSE a boolean, from text or from cells', () => {
    const typed: [Parameters<typeof untypedValue>[0], unknown][] = [
      ['1.37', 1.37],
      ['-0.5', -0.5],
      ['0', 0],
      ['120', 120],
      ['0.001', 0.001],
      ['99999999999', 99_999_999_999],
      ['123456.789012345', 123456.789012345],
      [1.37, 1.37],
      [0.1 + 0.2, 0.3],
      [120, 120],
      [new FormattedNumber(1.37, '1.37'), 1.37],
      ['TRUE', true],
      ['false', false],
      ['True', true],
      [true, true],
      [null, null],
    ];
    for (const [cell, value] of typed) expect(untypedValue(cell), String(cell)).toBe(value);
  });

  it('keeps as written what a plain number would not write back', () => {
    const kept = [
      '00123',
      '0123.5',
      '4006381333931',
      '10012345678901',
      '100000000000',
      '1e5',
      '1E5',
      '12%',
      '1.50',
      '1.',
      '.5',
      '+1',
      '-0',
      '0.0000001',
      '0.1234567890123456',
      ' 1.37',
      '1.37 ',
      '1,234.50',
      '12,5',
      '- 1',
      '2026-03-01',
      'yes',
      'TRUE ',
      'truth',
      'Crème brûlée',
    ];
    for (const text of kept) expect(untypedValue(text), text).toBe(text);
    expect(untypedValue(4006381333931)).toBe('4006381333931');
    expect(untypedValue(new FormattedNumber(0.12, '12%'))).toBe('12%');
    expect(untypedValue(new FormattedNumber(1.5, '1.50'))).toBe('1.50');
  });
});

describe('toDate on YYYY-MM-DD', () => {
  it('answers as the general reading does, for real days and for days the calendar has not', () => {
    // A leading space takes the general path; the shape YYYY-MM-DD takes the quick one.
    const pad = (n: number) => String(n).padStart(2, '0');
    for (const year of [999, 1000, 1900, 2000, 2024, 2026, 2100, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${year}-${pad(month)}-${pad(day)}`;
          expect(toDate(text), text).toEqual(toDate(` ${text}`));
        }
      }
    }
  });
});
