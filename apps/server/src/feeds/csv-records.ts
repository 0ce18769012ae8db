/**
 * The records of delimited text, read the way csv-parse reads them with the feed reader's options
 * (`relax_quotes`, `relax_column_count`, `skip_empty_lines: false`, `max_record_size`, `bom`), at a
 * few times its speed: it scans decoded text and slices whole fields, where csv-parse appends
 * every byte to a buffer. What csv-parse does with quotes is kept, quirks included:
 * - a quote opens a quoted field only as the field's first character; elsewhere it is text;
 * - in a quoted field `""` is one quote, and the closing quote is the one followed by the
 *   delimiter, a line ending or the end of the text;
 * - any other quote ends the quoting there and keeps the field as written, quotes and all
 *   (`"a"b` reads `"a"b`), the rest of it read as unquoted text.
 * An empty line is the record `['']`, so that the caller can count it: it is a row in a spreadsheet.
 */

export type LineEnd = '\n' | '\r\n' | '\r';

/** csv-parse's codes for the faults the feed reader words for users. */
export type CsvFault = 'CSV_QUOTE_NOT_CLOSED' | 'CSV_MAX_RECORD_SIZE';

export class CsvRecordError extends Error {
  override name = 'CsvRecordError';
  constructor(readonly code: CsvFault) {
    super(code === 'CSV_QUOTE_NOT_CLOSED' ? 'Quote Not Closed' : 'Max Record Size');
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** Where a record could not be finished: the text from its start waits for more. */
const INCOMPLETE = -1;

export class CsvRecordParser {
  private readonly delimiter: number;
  /** `\n` ends a record (in `\n` and `\r\n` files; `\r` ends one in the latter too when before `\n`). */
  private readonly lf: boolean;
  private readonly crlf: boolean;
  /** The start of a record not yet finished, from the text written before. */
  private rest = '';

  constructor(
    delimiter: string,
    lineEnd: LineEnd,
    /** Characters of a record (its delimiters and quotes included) past which it is refused. */
    private readonly maxRecordChars: number,
  ) {
    if (delimiter.length !== 1) throw new Error(`A delimiter is one character, not "${delimiter}"`);
    this.delimiter = delimiter.charCodeAt(0);
    this.lf = lineEnd !== '\r';
    this.crlf = lineEnd === '\r\n';
  }

  /** Reads the records that `text` finishes into `records`; the unfinished one waits. */
  write(text: string, records: string[][]): void {
    this.parse(this.rest.length > 0 ? this.rest + text : text, false, records);
  }

  /** The text has ended: reads its last record, which needs no line ending. */
  end(records: string[][]): void {
    const text = this.rest;
    this.rest = '';
    if (text.length > 0) this.parse(text, true, records);
  }

  private parse(text: string, last: boolean, records: string[][]): void {
    let pos = 0;
    while (pos < text.length) {
      const next = this.record(text, pos, last, records);
      if (next === INCOMPLETE) {
        if (text.length - pos > this.maxRecordChars) throw new CsvRecordError('CSV_MAX_RECORD_SIZE');
        this.rest = text.slice(pos);
        return;
      }
      pos = next;
    }
    this.rest = '';
  }

  /**
   * Reads the record starting at `start` into `records`; answers where the next one starts, or
   * INCOMPLETE when the text ends first (and is not the last).
   */
  private record(text: string, start: number, last: boolean, records: string[][]): number {
    const { delimiter, lf, crlf } = this;
    const n = text.length;
    const cells: string[] = [];
    let pos = start;
    for (;;) {
      // One field, from `pos`.
      let field = '';
      let from = pos;
      if (text.charCodeAt(pos) === QUOTE) {
        from = ++pos;
        for (;;) {
          const quote = text.indexOf('"', pos);
          if (quote < 0 || quote + 1 >= n) {
            if (!last) return INCOMPLETE;
            if (quote < 0) throw new CsvRecordError('CSV_QUOTE_NOT_CLOSED');
            // The quote ends the text: it closes the field.
            cells.push(field + text.slice(from, quote));
            records.push(cells);
            return n;
          }
          const after = text.charCodeAt(quote + 1);
          if (after === QUOTE) {
            field += text.slice(from, quote + 1);
            from = pos = quote + 2;
            continue;
          }
          if (after === delimiter || (lf && after === LF) || (!lf && after === CR)) {
            field += text.slice(from, quote);
            from = pos = quote + 1;
            break;
          }
          if (crlf && after === CR) {
            const following = text.charCodeAt(quote + 2);
            if (Number.isNaN(following) && !last) return INCOMPLETE;
            if (following === LF) {
              field += text.slice(from, quote);
              from = pos = quote + 1;
              break;
            }
          }
          // Not a closing quote: the field is kept as written and goes on unquoted.
          field = `"${field}${text.slice(from, quote + 1)}`;
          from = pos = quote + 1;
          break;
        }
      }
      // Unquoted text (all of the field, or what follows a quote that did not close it).
      for (;;) {
        if (pos >= n) {
          if (!last) return INCOMPLETE;
          cells.push(field + text.slice(from, pos));
          records.push(cells);
          return n;
        }
        const code = text.charCodeAt(pos);
        if (code === delimiter) {
          cells.push(field + text.slice(from, pos));
          pos++;
          break;
        }
        if (lf ? code === LF : code === CR) {
          cells.push(field + text.slice(from, pos));
          records.push(cells);
          return pos + 1;
        }
        if (crlf && code === CR) {
          const following = text.charCodeAt(pos + 1);
          if (Number.isNaN(following) && !last) return INCOMPLETE;
          if (following === LF) {
            cells.push(field + text.slice(from, pos));
            records.push(cells);
            return pos + 2;
          }
        }
        pos++;
      }
      // A delimiter ended the field: the record goes on, even when the text ends here.
      if (pos >= n) {
        if (!last) return INCOMPLETE;
        cells.push('');
        records.push(cells);
        return n;
      }
    }
  }
}
