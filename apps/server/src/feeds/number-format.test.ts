import { describe, expect, it } from 'vitest';
import { type FixedFormat, formatNumber, numberFormatOf, numberText } from './number-format';

const fixed = (code: string) => {
  const format = numberFormatOf(164, code);
  if (typeof format === 'string') throw new Error(`${code} is read as ${format}`);
  return format;
};
const shows = (value: number, code: string) => formatNumber(value, fixed(code));

describe('numberFormatOf', () => {
  it('reads the built-in fixed formats, dates, and General for the rest', () => {
    expect(numberFormatOf(0)).toBe('general');
    expect(numberFormatOf(14)).toBe('date');
    expect(numberFormatOf(9)).toEqual<FixedFormat>({
      decimals: 0,
      grouping: false,
      percent: true,
      prefix: '',
      suffix: '%',
    });
    expect(numberFormatOf(4)).toMatchObject({ decimals: 2, grouping: true, percent: false });
    // Currency (5–8), scientific (11), fractions (12, 13), accounting (37–44), text (49).
    for (const id of [5, 8, 11, 12, 13, 37, 44, 48, 49])
      expect(numberFormatOf(id), String(id)).toBe('general');
  });

  it('reads custom codes with currency text, and leaves what it cannot show as General', () => {
    expect(fixed('#,##0.00 [$€-407];[RED]-#,##0.00 [$€-407]')).toMatchObject({ decimals: 2, suffix: ' €' });
    expect(fixed('"$"#,##0.00')).toMatchObject({ prefix: '$', grouping: true });
    expect(fixed('[$$-409]#,##0')).toMatchObject({ prefix: '$', decimals: 0 });
    expect(fixed('0.0\\ %')).toMatchObject({ percent: true, suffix: ' %' });
    expect(fixed('[Blue]0.000')).toMatchObject({ decimals: 3 });
    for (const code of [
      'General',
      'Standard',
      '@',
      '0.00E+00',
      '# ?/?',
      '0.00_);(0.00)',
      '_-* #,##0_-',
      '[>100]0;0.00',
      '#,##0;(#,##0)',
      '"TRUE";"TRUE";"FALSE"',
      '#,###',
      '0.0#',
      '#,##0,',
      '0 0',
    ]) {
      expect(numberFormatOf(164, code), code).toBe('general');
    }
    expect(numberFormatOf(164, 'yyyy\\-mm\\-dd')).toBe('date');
  });
});

describe('formatNumber', () => {
  it('shows a number as its format does, rounding half away from zero on 15 digits', () => {
    expect(shows(0.12, '0%')).toBe('12%');
    expect(shows(0.125, '0%')).toBe('13%');
    expect(shows(0.1234, '0.00%')).toBe('12.34%');
    expect(shows(0, '0%')).toBe('0%');
    expect(shows(1.5, '0.00')).toBe('1.50');
    expect(shows(1.005, '0.00')).toBe('1.01');
    expect(shows(-1.005, '0.00')).toBe('-1.01');
    expect(shows(2.5, '0')).toBe('3');
    expect(shows(0.1 + 0.2, '0.000000000000000')).toBe('0.300000000000000');
    expect(shows(1234567.891, '#,##0.00')).toBe('1,234,567.89');
    expect(shows(999.999, '#,##0.00')).toBe('1,000.00');
    expect(shows(12, '#,##0')).toBe('12');
    expect(shows(-1234.5, '#,##0.00 [$€-407];[RED]-#,##0.00 [$€-407]')).toBe('-1,234.50 €');
    expect(shows(9.99, '"$"#,##0.00')).toBe('$9.99');
    expect(shows(-0.001, '0.00')).toBe('0.00');
    expect(shows(1e20, '0')).toBe('100000000000000000000');
    expect(shows(1.5e-10, '0.00')).toBe('0.00');
  });
});

describe('numberText', () => {
  it('writes a number as General shows it, to 15 significant digits', () => {
    expect(numberText(1.37)).toBe('1.37');
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(123.00000000000001)).toBe('123');
    expect(numberText(-0)).toBe('0');
    expect(numberText(4006381333931)).toBe('4006381333931');
    expect(numberText(10012345678901)).toBe('10012345678901');
    expect(numberText(-0.5)).toBe('-0.5');
  });
});
