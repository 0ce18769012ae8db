import type { A1Range } from './a1-range';
import { serialToIso } from './excel-dates';
import { type Cell, FormattedNumber } from './feed-table';
import { formatNumber, numberText } from './number-format';
import type { Workbook } from './xlsx-workbook';
import { attribute, attributeIndex, type XmlTag, xmlChunks } from './xlsx-xml';
import type { ZipArchive } from './zip-archive';

/** A sheet row inside a range's window: `cells[0]` is the window's first column. */
export interface RawRow {
  row: number;
  cells: Cell[];
}

/**
 * Streams the rows of a sheet part that have cells inside the window, in sheet order, reading
 * the XML chunk by chunk (memory stays flat) and stopping after the window's last row. Cells
 * come as the sheet typed them: shared and inline strings, numbers, booleans, date-styled numbers
 * as ISO text, numbers whose format shows them otherwise (`12%`, `1.50`) as FormattedNumber,
 * formulas as their cached value, errors as null.
 */
export async function* readSheetRows(
  zip: ZipArchive,
  part: string,
  workbook: Workbook,
  window: A1Range,
): AsyncGenerator<RawRow> {
  const { startCol, startRow } = window;
  const endCol = window.endCol ?? Number.POSITIVE_INFINITY;
  const endRow = window.endRow ?? Number.POSITIVE_INFINITY;
  let ready: RawRow[] = [];
  let past = false;

  let row = 0;
  let cells: Cell[] = [];
  let col = -1;
  let type = 'n';
  let style = 0;
  let text = '';
  let collecting = false;
  let inline = false;
  let phonetic = false;

  const chunks = xmlChunks(zip, part, {
    open(name, tag) {
      switch (name) {
        case 'row': {
          const r = attribute(tag, 'r');
          row = r ? Number(r) : row + 1;
          col = -1;
          cells = [];
          break;
        }
        case 'c': {
          const ref = attributeIndex(tag, 'r');
          col = ref < 0 ? col + 1 : refColumn(tag.source, tag.bounds[ref + 2]!);
          type = attribute(tag, 't') ?? 'n';
          style = styleOf(tag);
          text = '';
          inline = false;
          break;
        }
        case 'v':
          collecting = true;
          break;
        case 'is':
          inline = true;
          break;
        case 'rPh':
          phonetic = true;
          break;
        case 't':
          collecting = inline && !phonetic;
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          collecting = false;
          break;
        case 'rPh':
          phonetic = false;
          break;
        case 'c':
          endCell();
          break;
        case 'row':
          if (row > endRow) past = true;
          else if (row >= startRow && cells.length > 0) ready.push({ row, cells: fillHoles(cells) });
          break;
      }
    },
    text(chunk) {
      if (collecting) text += chunk;
    },
    element(source, lt) {
      const end = readCell(source, lt);
      if (end >= 0) endCell();
      return end;
    },
  });

  function endCell(): void {
    if (row >= startRow && row <= endRow && col >= startCol && col <= endCol) {
      const value = cellValue(type, text, style, workbook);
      if (value !== null) cells[col - startCol] = value;
    }
  }

  /**
   * A cell as every writer writes most of them, `<c r="B2" s="3" t="s"><v>41</v></c>` or
   * `<c r="B2" s="3"/>`, read in one scan into `col`, `type`, `style` and `text`: the tokenizer's
   * four tags and handlers cost twice the time. Anything else (a formula, an inline string, an
   * entity, other attributes or spacing, the chunk's end) answers -1 for the tokenizer to read.
   */
  function readCell(source: string, lt: number): number {
    if (source.charCodeAt(lt + 1) !== C || source.charCodeAt(lt + 2) !== SPACE) return -1;
    let i = lt + 3;
    let at = -1;
    let cellType = 'n';
    let cellStyle = 0;
    for (;;) {
      const name = source.charCodeAt(i);
      if (source.charCodeAt(i + 1) !== EQUALS || source.charCodeAt(i + 2) !== QUOTE) return -1;
      const start = i + 3;
      const end = source.indexOf('"', start);
      if (end < 0) return -1;
      if (name === R) at = start;
      else if (name === T) cellType = source.slice(start, end);
      else if (name === S) {
        for (let k = start; k < end; k++) {
          const digit = source.charCodeAt(k) - 48;
          if (digit < 0 || digit > 9) return -1;
          cellStyle = cellStyle * 10 + digit;
        }
      } else return -1;
      i = end + 1;
      const next = source.charCodeAt(i);
      if (next === SPACE) i++;
      else if (next === GT || next === SLASH) break;
      else return -1;
    }
    let end: number;
    let value = '';
    if (source.charCodeAt(i) === SLASH) {
      if (source.charCodeAt(i + 1) !== GT) return -1;
      end = i + 2;
    } else {
      if (!source.startsWith('<v>', i + 1)) return -1;
      const start = i + 4;
      const close = source.indexOf('<', start);
      if (close < 0 || !source.startsWith('</v></c>', close)) return -1;
      value = source.slice(start, close);
      // Entities and carriage returns are the tokenizer's to decode.
      if (value.indexOf('&') >= 0 || value.indexOf('\r') >= 0) return -1;
      end = close + 8;
    }
    col = at < 0 ? col + 1 : refColumn(source, at);
    type = cellType;
    style = cellStyle;
    text = value;
    return end;
  }

  for await (const _ of chunks) {
    if (ready.length > 0) {
      const rows = ready;
      ready = [];
      yield* rows;
    }
    if (past) {
      await chunks.return(undefined);
      return;
    }
  }
  yield* ready;
}

/**
 * The last row of the sheet's `<dimension>` (written before the cells, so only the part's start
 * is read); undefined when the sheet does not say.
 */
export async function readSheetLastRow(zip: ZipArchive, part: string): Promise<number | undefined> {
  let lastRow: number | undefined;
  let done = false;
  const chunks = xmlChunks(zip, part, {
    open(name, tag) {
      if (name === 'dimension') {
        const match = /(\d+)$/.exec(attribute(tag, 'ref') ?? '');
        if (match) lastRow = Number(match[1]);
      }
      if (name === 'dimension' || name === 'sheetData') done = true;
    },
  });
  for await (const _ of chunks) if (done) break;
  return lastRow;
}

function cellValue(type: string, text: string, style: number, workbook: Workbook): Cell {
  switch (type) {
    case 's':
      return text === '' ? null : (workbook.sharedStrings.get(Number(text)) ?? null);
    case 'str':
    case 'inlineStr':
      return text === '' ? null : text;
    case 'b':
      return text === '' ? null : text === '1' || text === 'true';
    case 'e':
      return null;
    case 'd':
      return isoDateText(text);
    default: {
      if (text === '') return null;
      const number = Number(text);
      if (Number.isNaN(number)) return null;
      const format = workbook.numberFormats[style] ?? 'general';
      if (format === 'general') return number;
      if (format === 'date') return serialToIso(number, workbook.date1904) ?? number;
      // What the format shows is what a CSV of the sheet holds; a plain one needs no object.
      const shown = formatNumber(number, format);
      return shown === numberText(number) ? number : new FormattedNumber(number, shown);
    }
  }
}

const C = 0x63;
const R = 0x72;
const S = 0x73;
const T = 0x74;
const SPACE = 0x20;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const GT = 0x3e;
const SLASH = 0x2f;

/** A `t="d"` cell holds ISO 8601 text; keep it in the feed's shape (no zone, no fraction). */
function isoDateText(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(text.trim());
  if (!match) return text.trim() || null;
  const time = match[2] && match[2].length === 5 ? `${match[2]}:00` : match[2];
  return !time || time === '00:00:00' ? match[1]! : `${match[1]}T${time}`;
}

/** `B12` → 1: the column index of the cell reference written at `source[start]`. */
function refColumn(source: string, start: number): number {
  let n = 0;
  for (let i = start; ; i++) {
    const code = source.charCodeAt(i);
    if (!(code >= 65 && code <= 90)) break;
    n = n * 26 + code - 64;
  }
  return n - 1;
}

/** A cell's style index (`s`), its digits read where written; 0 when it has none. */
function styleOf(tag: XmlTag): number {
  const k = attributeIndex(tag, 's');
  if (k < 0) return 0;
  const { source, bounds } = tag;
  const end = bounds[k + 3]!;
  let n = 0;
  for (let i = bounds[k + 2]!; i < end; i++) {
    const digit = source.charCodeAt(i) - 48;
    // Anything but digits (an entity, say) is read as `attribute` would.
    if (digit < 0 || digit > 9) return Number(attribute(tag, 's'));
    n = n * 10 + digit;
  }
  return end > bounds[k + 2]! ? n : 0;
}

/** Sparse arrays become dense ones with null in the holes, the shape every reader hands on. */
function fillHoles(cells: Cell[]): Cell[] {
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
  return cells;
}
