import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, formatBytes, formatCount, formatCounted, formatDate, formatDateTime } from './format';

describe('date display DD/MM/YYYY (spec section 9)', () => {
  it('formats calendar dates without shifting the day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });
  it('formats timestamps', () => {
    expect(formatDate('2026-07-04T10:00:00')).toBe('04/07/2026');
    expect(formatDateTime('2026-07-04T10:05:00')).toBe('04/07/2026 10:05');
  });
  it('is empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('counts', () => {
  it('have thousands separators whatever the browser locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});

describe('dates read as dayjs reads them, without loading dayjs', () => {
  const samples = [
    '2026-03-01',
    '2026-12-31',
    '2026-07-04T10:05:00',
    '2026-07-04T10:05',
    '2026-07-04 10:05:00',
    '2026-07-04T23:59:59.999999',
    '2026-07-04T10:00:00.000000Z',
    '2026-07-04T10:00:00Z',
    '2026-07-04T22:30:00+02:00',
    '2026-07-04T01:30:00-05:00',
    '2026-02-30',
    '2026-13-01',
    '0002-01-01',
    '20260704',
    '2026',
    'not a date',
    '',
  ];
  it('formats every sample as dayjs would', () => {
    const viaDayjs = (value: string, pattern: string) => {
      if (!value) return '';
      const parsed =
        /^\d{4}-\d{2}-\d{2}$/.test(value) && pattern === DATE_FORMAT
          ? dayjs(`${value}T00:00:00`)
          : dayjs(value);
      return parsed.isValid() ? parsed.format(pattern) : '';
    };
    for (const value of samples) {
      expect([value, formatDate(value)]).toEqual([value, viaDayjs(value, DATE_FORMAT)]);
      expect([value, formatDateTime(value)]).toEqual([value, viaDayjs(value, `${DATE_FORMAT} HH:mm`)]);
    }
  });
});

describe('file sizes', () => {
  it('read in bytes, KB, MB and GB (1024 each), one decimal below 10', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2,048 TB');
  });
});

describe('counted nouns', () => {
  it('take the plural unless there is exactly one', () => {
    expect(formatCounted(1, 'asset')).toBe('1 asset');
    expect(formatCounted(0, 'asset')).toBe('0 assets');
    expect(formatCounted(1200, 'creative')).toBe('1,200 creatives');
    expect(formatCounted(2, 'deleted asset')).toBe('2 deleted assets');
  });
});
