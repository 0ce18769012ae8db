import { describe, expect, it } from 'vitest';
import { columnIndex, columnLetters, parseA1Range } from './a1-range';
import { FeedError } from './feed-table';

describe('columnIndex / columnLetters', () => {
  it('converts both ways, 0-based', () => {
    const pairs: [string, number][] = [
      ['A', 0],
      ['Z', 25],
      ['AA', 26],
      ['AZ', 51],
      ['BA', 52],
      ['XFD', 16_383],
      ['ZZZ', 18_277],
    ];
    for (const [letters, index] of pairs) {
      expect(columnIndex(letters)).toBe(index);
      expect(columnIndex(letters.toLowerCase())).toBe(index);
      expect(columnLetters(index)).toBe(letters);
    }
    for (let i = 0; i < 1000; i++) expect(columnIndex(columnLetters(i))).toBe(i);
  });

  it('refuses what is not a column', () => {
    expect(() => columnIndex('A1')).toThrow(FeedError);
    expect(() => columnIndex('AAAA')).toThrow('"AAAA" is not a column name like A or AB.');
    expect(() => columnLetters(-1)).toThrow(RangeError);
  });
});

describe('parseA1Range', () => {
  it('reads the ranges Studio and Sheets take', () => {
    expect(parseA1Range('Feed!A1:Z')).toEqual({ sheet: 'Feed', startCol: 0, startRow: 1, endCol: 25 });
    expect(parseA1Range("'My Sheet'!B2:F100")).toEqual({
      sheet: 'My Sheet',
      startCol: 1,
      startRow: 2,
      endCol: 5,
      endRow: 100,
    });
    expect(parseA1Range('A:Z')).toEqual({ startCol: 0, startRow: 1, endCol: 25 });
    expect(parseA1Range('A2:D')).toEqual({ startCol: 0, startRow: 2, endCol: 3 });
    expect(parseA1Range('Sheet1')).toEqual({ sheet: 'Sheet1', startCol: 0, startRow: 1 });
    expect(parseA1Range('  Feed  ')).toEqual({ sheet: 'Feed', startCol: 0, startRow: 1 });
  });

  it('reads single cells, row ranges, absolute markers and reversed corners', () => {
    expect(parseA1Range('B2')).toEqual({ startCol: 1, startRow: 2, endCol: 1, endRow: 2 });
    expect(parseA1Range('Feed!2:100')).toEqual({ sheet: 'Feed', startCol: 0, startRow: 2, endRow: 100 });
    expect(parseA1Range('$A$1:$C$9')).toEqual({ startCol: 0, startRow: 1, endCol: 2, endRow: 9 });
    expect(parseA1Range('D10:A2')).toEqual({ startCol: 0, startRow: 2, endCol: 3, endRow: 10 });
    expect(parseA1Range('A:C10')).toEqual({ startCol: 0, startRow: 1, endCol: 2, endRow: 10 });
    expect(parseA1Range('a1:c')).toEqual({ startCol: 0, startRow: 1, endCol: 2 });
  });

  it('reads quoted sheet names with quotes, spaces and "!" inside', () => {
    expect(parseA1Range("'It''s here'!A1:B")).toMatchObject({ sheet: "It's here", endCol: 1 });
    expect(parseA1Range("'a!b'!C3")).toMatchObject({ sheet: 'a!b', startCol: 2, startRow: 3 });
    expect(parseA1Range("'A1'")).toEqual({ sheet: 'A1', startCol: 0, startRow: 1 });
    expect(parseA1Range('Q1 2026!A:B')).toMatchObject({ sheet: 'Q1 2026', startCol: 0, endCol: 1 });
    expect(parseA1Range('Données!A1:Z')).toMatchObject({ sheet: 'Données' });
  });

  it('takes a sheet-less text for cells only when it reads as cells', () => {
    expect(parseA1Range('AB12')).toEqual({ startCol: 27, startRow: 12, endCol: 27, endRow: 12 });
    expect(parseA1Range('Feed2024')).toEqual({ sheet: 'Feed2024', startCol: 0, startRow: 1 });
    expect(parseA1Range('Summary')).toEqual({ sheet: 'Summary', startCol: 0, startRow: 1 });
  });

  it('throws FeedError with a clear message for bad ranges', () => {
    const bad: [string, string][] = [
      ['', 'The range is empty: give one like Feed!A1:Z.'],
      ['Feed!', 'The range "Feed!" names no cells after "!": give one like Feed!A1:Z.'],
      ['!A1:B', 'The range "!A1:B" has an empty sheet name before "!".'],
      ["'Feed!A1:B", `The range "'Feed!A1:B" opens a quote around the sheet name but never closes it.`],
      ["'Feed'A1", `The range "'Feed'A1" needs a "!" after the quoted sheet name.`],
      ["''!A1", `The range "''!A1" has an empty sheet name.`],
      ['Feed!A1:B2:C3', 'The range "Feed!A1:B2:C3" has more than one ":".'],
      ['Feed!A0:B', 'The range "Feed!A0:B" has row 0; rows run from 1 to 10,000,000.'],
      ['Feed!1A:B', 'The range "Feed!1A:B" is not in A1 notation: write it like Feed!A1:Z.'],
      ['Feed!AAAA1:B', 'The range "Feed!AAAA1:B" is not in A1 notation: write it like Feed!A1:Z.'],
      ['Feed!A1:5', 'The range "Feed!A1:5" mixes a column with a row number: write it like A2:Z.'],
      ['Feed!B', 'The range "Feed!B" is neither a cell nor a range: write it like A2:Z or B:B.'],
      ['Feed!$:B', 'The range "Feed!$:B" is not in A1 notation: write it like Feed!A1:Z.'],
    ];
    for (const [range, message] of bad) {
      expect(() => parseA1Range(range), range).toThrow(new FeedError(message));
    }
  });
});
