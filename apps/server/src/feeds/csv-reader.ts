import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import { CsvRecordError, CsvRecordParser, type LineEnd } from './csv-records';
import { createRowShaper, type Header, isBlank, noHeader, readHeader, type SourceRow } from './feed-header';
import { FEED_LIMITS, FeedError, type FeedTable } from './feed-table';
import { sniffBytes } from './sniff-file';

export interface DelimitedOptions {
  /** `,` `;` or tab; detected from the header line when not given. */
  delimiter?: string;
  /** The most bytes the input may have (FEED_MAX_MB; Studio's FEED_LIMITS.bytes by default). */
  maxBytes?: number;
}

/** One record: its number (the row a spreadsheet shows it on), and its fields as written. */
interface SourceRecord {
  row: number;
  cells: string[];
}

const CANDIDATES = [',', ';', '\t'] as const;
/** How far to look for the end of the header line before guessing from what was read. */
const PEEK_BYTES = 64 * 1024;
/** A runaway quote must not gather the rest of the file into one record (100 columns of 50,000). */
const MAX_RECORD_CHARS = 6_000_000;

/**
 * Reads a CSV or TSV stream as a feed, streaming: cells are strings as written (empty → null;
 * typing is the validator's job), the header is the first non-empty record, and each row carries
 * its record's number, the row a spreadsheet opening the file shows it on: an empty line is a
 * row, a line break inside a quoted cell is not. Rows shorter than the header are padded with
 * null; cells past it are left out and counted in `SourceRow.ignored`. Reads `input` to its end,
 * or destroys it when the rows are abandoned; whoever never iterates the rows destroys `input`
 * themselves.
 */
export async function readDelimited(input: Readable, options: DelimitedOptions = {}): Promise<FeedTable> {
  const batches = readRecords(input, options);
  const { header, row, rest } = await readHeaderRecord(batches);
  return { columns: header.columns, rows: shapeRecords(batches, header, row, rest) };
}

/**
 * `readDelimited` for a file. The file is read up to the header and closed; the rows open it again
 * when they are iterated, so a table whose rows are never read holds nothing open.
 */
export async function readDelimitedFile(file: string, options: DelimitedOptions = {}): Promise<FeedTable> {
  const batches = readRecords(createReadStream(file), options);
  const { header, row } = await readHeaderRecord(batches);
  await batches.return(undefined);
  const reopen = () => shapeRecords(readRecords(createReadStream(file), options), header, row, []);
  return { columns: header.columns, rows: { [Symbol.asyncIterator]: reopen } };
}

interface HeaderRecord {
  header: Header;
  row: number;
  /** The records read after the header in its batch. */
  rest: SourceRecord[];
}

/** The first non-blank record as the header; the records are closed when there is none or it is bad. */
async function readHeaderRecord(batches: AsyncGenerator<SourceRecord[]>): Promise<HeaderRecord> {
  try {
    for (;;) {
      const next = await batches.next();
      if (next.done) throw noHeader();
      const at = next.value.findIndex((record) => !record.cells.every(isBlank));
      if (at < 0) continue;
      const { row, cells } = next.value[at]!;
      return { header: readHeader(cells), row, rest: next.value.slice(at + 1) };
    }
  } catch (error) {
    await batches.return(undefined);
    throw error;
  }
}

/** The data rows: `rest`, then the records after row `headerRow` (a reopened file starts at its top). */
async function* shapeRecords(
  batches: AsyncGenerator<SourceRecord[]>,
  header: Header,
  headerRow: number,
  rest: SourceRecord[],
): AsyncGenerator<SourceRow> {
  const shape = createRowShaper(header);
  try {
    for (let batch = rest; ; ) {
      for (const record of batch) {
        if (record.row <= headerRow) continue;
        const row = shape(record.row, record.cells);
        if (row) yield row;
      }
      const next = await batches.next();
      if (next.done) return;
      batch = next.value;
    }
  } finally {
    await batches.return(undefined);
  }
}

/**
 * Records a batch holds (about: a chunk's records are parsed together): the text is parsed no
 * further until they are handed on. Small enough that a batch dies young: the fields of larger
 * ones outlived the young generation, and the peak RSS of a sync grew by half.
 */
const BATCH = 256;

/**
 * The stream's records in batches (one await per batch, not per row), each with its number; the
 * delimiter and line ending are taken from the header line. Empty lines are counted as rows, not
 * handed on. The records of a chunk are parsed before the next chunk is read.
 */
async function* readRecords(
  input: Readable,
  { delimiter, maxBytes = FEED_LIMITS.bytes }: DelimitedOptions,
): AsyncGenerator<SourceRecord[]> {
  const chunks = byteChunks(input, maxBytes);
  /** The number of the next record. */
  let row = 1;
  try {
    const head = await peekHeaderLine(chunks);
    const parser = new CsvRecordParser(delimiter ?? head.delimiter, head.lineEnd, MAX_RECORD_CHARS);
    // A BOM is dropped by the decoder, as csv-parse's `bom` option did.
    const decoder = new TextDecoder();
    const lf = head.lineEnd === '\n';
    let parsed: string[][] = [];
    let batch: SourceRecord[] = [];
    /** Numbers the records parsed; an empty line counts, but is handed on as no record. */
    const number = () => {
      for (const cells of parsed) {
        const last = cells.length - 1;
        // `\n` files may still hold `\r\n` lines, whose `\r` ends the last cell.
        if (lf && cells[last]!.endsWith('\r')) cells[last] = cells[last]!.slice(0, -1);
        const at = row++;
        if (last === 0 && cells[0] === '') continue;
        batch.push({ row: at, cells });
      }
      parsed = [];
    };
    let failure: unknown;
    const parse = (chunk: Buffer | undefined) => {
      try {
        if (chunk) parser.write(decoder.decode(chunk, { stream: true }), parsed);
        else {
          parser.write(decoder.decode(), parsed);
          parser.end(parsed);
        }
      } catch (error) {
        // The records before the fault are handed on first, as they were read.
        failure = error;
      }
      number();
    };

    for (const chunk of head.chunks) parse(chunk);
    for (;;) {
      if (failure !== undefined) break;
      if (batch.length >= BATCH) {
        const full = batch;
        batch = [];
        yield full;
        continue;
      }
      const next = await chunks.next();
      if (next.done) {
        parse(undefined);
        break;
      }
      parse(next.value);
    }
    for (let at = 0; at < batch.length; at += BATCH) yield batch.slice(at, at + BATCH);
    if (failure !== undefined) throw failure;
  } catch (error) {
    throw asFeedError(error, row);
  } finally {
    input.destroy();
    // Until the file is closed, not only asked to close.
    await finished(input).catch(() => {});
  }
}

/** The input as UTF-8 bytes within the size limit (UTF-16 text, Excel's "Unicode text", transcoded). */
async function* byteChunks(input: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  let decoder: TextDecoder | undefined;
  let first = true;
  for await (const chunk of input) {
    let bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) {
      throw new FeedError(`The file is larger than ${maxBytes / 1024 / 1024} MB, the most a feed may be.`);
    }
    if (first) {
      first = false;
      if (sniffBytes(bytes) === 'zip')
        throw new FeedError('This is an XLSX (zip) file, not CSV: upload it as XLSX.');
      if (bytes[0] === 0xff && bytes[1] === 0xfe) decoder = new TextDecoder('utf-16le');
      else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoder = new TextDecoder('utf-16be');
    }
    if (decoder) bytes = Buffer.from(decoder.decode(bytes, { stream: true }));
    if (bytes.length > 0) yield bytes;
  }
}

interface HeaderLine {
  chunks: Buffer[];
  delimiter: string;
  lineEnd: LineEnd;
}

/**
 * Reads just past the first non-empty line (quotes may hide line breaks) and picks the delimiter
 * written most often on it (`,` when none is); the line ending found there is taken as the file's.
 */
async function peekHeaderLine(chunks: AsyncGenerator<Buffer>): Promise<HeaderLine> {
  const read: Buffer[] = [];
  const counts = [0, 0, 0];
  let quoted = false;
  let content = false;
  let lineEnd: LineEnd | undefined;
  let size = 0;
  while (lineEnd === undefined && size <= PEEK_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    const chunk = next.value;
    read.push(chunk);
    size += chunk.length;
    for (let i = size === chunk.length && isBom(chunk) ? 3 : 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === 0x22) quoted = !quoted;
      if (quoted) continue;
      if (byte === 0x0a || byte === 0x0d) {
        if (!content) continue;
        // A `\r` that ends a chunk is taken for `\r\n`, by far the likelier.
        lineEnd = byte === 0x0a ? '\n' : chunk[i + 1] === 0x0a || i + 1 === chunk.length ? '\r\n' : '\r';
        break;
      }
      if (byte === 0x2c) counts[0]!++;
      else if (byte === 0x3b) counts[1]!++;
      else if (byte === 0x09) counts[2]!++;
      else if (byte > 0x20) content = true;
    }
  }
  const best = counts.indexOf(Math.max(...counts));
  return { chunks: read, delimiter: counts[best] ? CANDIDATES[best]! : ',', lineEnd: lineEnd ?? '\n' };
}

const isBom = (chunk: Buffer) => chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;

function asFeedError(error: unknown, row: number): unknown {
  if (!(error instanceof CsvRecordError)) return error;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new FeedError(
        `The CSV file has a quoted value that never ends, in row ${row}: close its quote.`,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return new FeedError(`The CSV file has a row (${row}) too long to be a feed row: check its quotes.`);
  }
}
