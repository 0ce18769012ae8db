import { posix } from 'node:path';
import { FeedError } from './feed-table';
import { type NumberFormat, numberFormatOf } from './number-format';
import { SharedStrings, type SharedStringsOptions } from './xlsx-shared-strings';
import { attribute, readXml } from './xlsx-xml';
import type { ZipArchive } from './zip-archive';

export interface SheetInfo {
  name: string;
  /** The sheet's XML part in the zip. */
  part: string;
  hidden: boolean;
}

/** What a sheet's cells need from the rest of the workbook. */
export interface Workbook {
  sheets: SheetInfo[];
  date1904: boolean;
  /** Closed by whoever reads the workbook, once done: they may be in a temporary file. */
  sharedStrings: SharedStrings;
  /** By cell style index (`<c s>`): how its number format shows numbers (a date, fixed, general). */
  numberFormats: NumberFormat[];
}

const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
export async function readWorkbook(zip: ZipArchive, strings: SharedStringsOptions = {}): Promise<Workbook> {
  const rootRels = zip.find('_rels/.rels') ? await readRels(zip, '') : new Map<string, Relationship>();
  const workbookPart = zip.find(relOfType(rootRels, 'officeDocument')?.target ?? 'xl/workbook.xml');
  if (!workbookPart) {
    if (zip.find('content.xml')) {
      throw new FeedError(
        'This is an OpenDocument (.ods) file, not XLSX: save it as .xlsx or CSV and try again.',
      );
    }
    throw new FeedError('This zip file is not an XLSX spreadsheet: it has no workbook.');
  }
  const rels = zip.find(relsPart(workbookPart))
    ? await readRels(zip, workbookPart)
    : new Map<string, Relationship>();

  const sheets: SheetInfo[] = [];
  let date1904 = false;
  await readXml(zip, workbookPart, {
    open(name, tag) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
      if (name !== 'sheet') return;
      const part = rels.get(attribute(tag, 'id') ?? '')?.target;
      const state = attribute(tag, 'state');
      if (part)
        sheets.push({ name: attribute(tag, 'name') ?? '', part, hidden: !!state && state !== 'visible' });
    },
  });
  if (sheets.length === 0) throw new FeedError('The XLSX file has no sheets.');

  const stringsPart = zip.find(
    relOfType(rels, 'sharedStrings')?.target ?? posix.join(posix.dirname(workbookPart), 'sharedStrings.xml'),
  );
  const stylesPart = zip.find(
    relOfType(rels, 'styles')?.target ?? posix.join(posix.dirname(workbookPart), 'styles.xml'),
  );
  // Read last: nothing can fail once they are, so they are closed here or by the caller.
  const numberFormats = stylesPart ? await readNumberFormats(zip, stylesPart) : [];
  return {
    sheets,
    date1904,
    sharedStrings: stringsPart ? await readSharedStrings(zip, stringsPart, strings) : new SharedStrings(),
    numberFormats,
  };
}

interface Relationship {
  type: string;
  target: string;
}

const relsPart = (part: string) => posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

const relOfType = (rels: Map<string, Relationship>, type: string) =>
  [...rels.values()].find((rel) => rel.type === REL_TYPE + type || rel.type.endsWith(`/${type}`));

/** A part's relationships by id, targets resolved to zip paths. */
async function readRels(zip: ZipArchive, part: string): Promise<Map<string, Relationship>> {
  const rels = new Map<string, Relationship>();
  const base = posix.dirname(part);
  await readXml(zip, part ? relsPart(part) : '_rels/.rels', {
    open(name, tag) {
      const target = attribute(tag, 'Target');
      if (name !== 'Relationship' || !target || attribute(tag, 'TargetMode') === 'External') return;
      rels.set(attribute(tag, 'Id') ?? '', {
        type: attribute(tag, 'Type') ?? '',
        target: target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(base, target)),
      });
    },
  });
  return rels;
}

/** The shared strings, rich-text runs joined, phonetic hints (`<rPh>`) left out. */
async function readSharedStrings(
  zip: ZipArchive,
  part: string,
  options: SharedStringsOptions,
): Promise<SharedStrings> {
  const strings = new SharedStrings(options);
  let current = '';
  let inText = false;
  let phonetic = false;
  try {
    await readXml(zip, part, {
      open(name) {
        if (name === 'si') current = '';
        else if (name === 't') inText = !phonetic;
        else if (name === 'rPh') phonetic = true;
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic = false;
        else if (name === 'si') strings.add(unescapeOoxml(current));
      },
      text(text) {
        if (inText) current += text;
      },
    });
  } catch (error) {
    strings.close();
    throw error;
  }
  return strings;
}

/** Excel writes characters XML cannot hold as `_xHHHH_` (`_x000D_` for a carriage return). */
export function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

async function readNumberFormats(zip: ZipArchive, part: string): Promise<NumberFormat[]> {
  const formats = new Map<number, string>();
  const styles: number[] = [];
  let inCellXfs = false;
  await readXml(zip, part, {
    open(name, tag) {
      if (name === 'numFmt')
        formats.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) styles.push(Number(attribute(tag, 'numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  // Styles share a few formats: each is read once.
  const byId = new Map<number, NumberFormat>();
  return styles.map((id) => {
    let format = byId.get(id);
    if (format === undefined) {
      format = numberFormatOf(id, formats.get(id));
      byId.set(id, format);
    }
    return format;
  });
}
