import { describe, expect, it } from 'vitest';
import { isDateFormat, serialToIso } from './excel-dates';

describe('isDateFormat', () => {
  it('knows the built-in date and time formats', () => {
    for (const id of [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]) expect(isDateFormat(id)).toBe(true);
    for (const id of [0, 1, 2, 9, 10, 11, 13, 23, 44, 48, 49]) expect(isDateFormat(id)).toBe(false);
  });

  it('reads custom codes, ignoring quoted text, brackets and escapes', () => {
    expect(isDateFormat(164, 'yyyy\\-mm\\-dd')).toBe(true);
    expect(isDateFormat(164, '[$-409]d\\-mmm\\-yyyy;@')).toBe(true);
    expect(isDateFormat(164, 'hh:mm:ss')).toBe(true);
    expect(isDateFormat(164, 'DD.MM.YYYY')).toBe(true);
    expect(isDateFormat(164, 'General')).toBe(false);
    expect(isDateFormat(164, 'Standard')).toBe(false);
    expect(isDateFormat(164, '0.00')).toBe(false);
    expect(isDateFormat(164, '#,##0.00 [$€-407];[RED]-#,##0.00 [$€-407]')).toBe(false);
    expect(isDateFormat(164, '"TRUE";"TRUE";"FALSE"')).toBe(false);
    expect(isDateFormat(164, '0" days"')).toBe(false);
    expect(isDateFormat(164, '\\d0')).toBe(false);
    expect(isDateFormat(164, '_-* #,##0_-')).toBe(false);
  });
});

describe('serialToIso', () => {
  it('turns 1900-system serials into dates, with a time only when there is one', () => {
    expect(serialToIso(46082, false)).toBe('2026-03-01');
    expect(serialToIso(46082.4375, false)).toBe('2026-03-01T10:30:00');
    expect(serialToIso(45000.75, false)).toBe('2023-03-15T18:00:00');
    expect(serialToIso(1, false)).toBe('1900-01-01');
    expect(serialToIso(59, false)).toBe('1900-02-28');
    expect(serialToIso(61, false)).toBe('1900-03-01');
    expect(serialToIso(2_958_465, false)).toBe('9999-12-31');
  });

  it('agrees with Date on every day from 1900-03-01 to 9999-12-31', () => {
    const dayZero = Date.UTC(1899, 11, 30);
    for (let serial = 61; serial <= 2_958_465; serial += 1 + (serial % 89)) {
      for (const fraction of [0, 0.25, 0.999]) {
        const iso = new Date(dayZero + Math.round((serial + fraction) * 86_400) * 1000).toISOString();
        const expected = fraction === 0 ? iso.slice(0, 10) : iso.slice(0, 19);
        if (serialToIso(serial + fraction, false) !== expected) {
          expect(serialToIso(serial + fraction, false), String(serial + fraction)).toBe(expected);
        }
      }
    }
  });

  it('rounds to the second, rolling over to the next day', () => {
    expect(serialToIso(46082.99999999, false)).toBe('2026-03-02');
    expect(serialToIso(46082 + 1 / 86_400 - 1e-9, false)).toBe('2026-03-01T00:00:01');
  });

  it('counts 1904-system serials from 1904-01-01', () => {
    expect(serialToIso(0, true)).toBe('1904-01-01');
    expect(serialToIso(44620, true)).toBe('2026-03-01');
  });

  it('refuses what cannot be a date', () => {
    expect(serialToIso(-1, false)).toBeUndefined();
    expect(serialToIso(3_000_000, false)).toBeUndefined();
    expect(serialToIso(Number.NaN, false)).toBeUndefined();
  });
});
