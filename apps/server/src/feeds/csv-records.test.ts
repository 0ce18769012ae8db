import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvRecordError, CsvRecordParser, type LineEnd } from './csv-records';

/** The records of `text` written in pieces of `size` characters, or the fault's code. */
function records(text: string, lineEnd: LineEnd, size = text.length || 1, delimiter = ','): unknown {
  const parser = new CsvRecordParser(delimiter, lineEnd, 1000);
  const found: string[][] = [];
  try {
    for (let i = 0; i < text.length; i += size) parser.write(text.slice(i, i + size), found);
    parser.end(found);
  } catch (error) {
    return error instanceof CsvRecordError ? error.code : error;
  }
  return found;
}

/** What csv-parse made of the same text with the options the feed reader gave it. */
function csvParse(text: string, lineEnd: LineEnd, delimiter = ','): unknown {
  try {
    return parse(text, {
      delimiter,
      record_delimiter: lineEnd === '\r\n' ? ['\r\n', '\n'] : lineEnd,
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 1000,
    });
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('CsvRecordParser', () => {
  it('reads fields, quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(records('a,b\n"x, y","say ""hi""",\n"two\nlines",z', '\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"', ''],
      ['two\nlines', 'z'],
    ]);
  });

  it('keeps quotes that do not open or close a field as text, as csv-parse does', () => {
    expect(records('ab"c,"d"e,"f"\n', '\n')).toEqual([['ab"c', '"d"e', 'f']]);
    expect(records('"a"b"c",x\n', '\n')).toEqual([['"a"b"c"', 'x']]);
  });

  it('reads an empty line as one empty field, and no record after the last line ending', () => {
    expect(records('a\n\nb\n', '\n')).toEqual([['a'], [''], ['b']]);
    expect(records('a,\n', '\n')).toEqual([['a', '']]);
  });

  it('ends records at the line ending it was given', () => {
    expect(records('a\r\nb\nc\rd', '\r\n')).toEqual([['a'], ['b'], ['c\rd']]);
    expect(records('a\r\nb\nc', '\n')).toEqual([['a\r'], ['b'], ['c']]);
    expect(records('a\rb\nc', '\r')).toEqual([['a'], ['b\nc']]);
  });

  it('faults a quote that never closes and a record past the limit', () => {
    expect(records('a\n"open\nb\n', '\n')).toBe('CSV_QUOTE_NOT_CLOSED');
    expect(records(`"${'x'.repeat(2000)}`, '\n', 100)).toBe('CSV_MAX_RECORD_SIZE');
  });

  it('reads as csv-parse does, however the text is cut', () => {
    // Random text from the characters that matter, checked against csv-parse itself.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['a', 'b', ',', ';', '"', '"', '\n', '\r', '\r\n', ' ', 'é'];
    for (let round = 0; round < 3000; round++) {
      const length = Math.floor(next() * 24);
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      const lineEnd = (['\n', '\r\n', '\r'] as const)[round % 3]!;
      const delimiter = round % 2 === 0 ? ',' : ';';
      const expected = csvParse(text, lineEnd, delimiter);
      for (const size of [text.length || 1, 1, 3]) {
        expect(records(text, lineEnd, size, delimiter), JSON.stringify({ text, lineEnd, size })).toEqual(
          expected,
        );
      }
    }
  });
});
