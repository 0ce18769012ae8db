/**
 * Writes the feed fixtures in apps/server/test/fixtures/feeds/. They are committed: CI has no
 * LibreOffice. Run again after changing this file (Debian: `apt-get install libreoffice-calc`):
 *
 *   npx tsx scripts/make-feed-fixtures.ts
 *
 * The XLSX files are what LibreOffice writes when it converts flat ODS documents written here
 * (`soffice --headless --convert-to xlsx`): real date cells, formulas with cached values, merged
 * header cells, several sheets. `handmade.xlsx` is written by hand for what LibreOffice never
 * writes (cells without `r`, inline and rich strings, `t="d"`, the 1904 date system, prefixed
 * tags); the bad files (truncated zip, web page) and the CSV/TSV files are written directly.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZip } from '../apps/server/test/fixtures/feeds/write-zip';

const OUT = join(import.meta.dirname, '..', 'apps', 'server', 'test', 'fixtures', 'feeds');

// --- Flat ODS ------------------------------------------------------------------------------------

type OdsCell =
  | string
  | number
  | boolean
  | null
  | { date: string }
  | { formula: string; value: number | string }
  | { merged: string; span: number };

const xmlEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function odsCell(cell: OdsCell): string {
  if (cell === null) return '<table:table-cell/>';
  if (typeof cell === 'string') {
    return `<table:table-cell office:value-type="string"><text:p>${xmlEscape(cell)}</text:p></table:table-cell>`;
  }
  if (typeof cell === 'number') {
    return `<table:table-cell office:value-type="float" office:value="${cell}"><text:p>${cell}</text:p></table:table-cell>`;
  }
  if (typeof cell === 'boolean') {
    return `<table:table-cell table:style-name="bool" office:value-type="boolean" office:boolean-value="${cell}"><text:p>${cell ? 'TRUE' : 'FALSE'}</text:p></table:table-cell>`;
  }
  if ('date' in cell) {
    const style = cell.date.includes('T') ? 'datetime' : 'date';
    return `<table:table-cell table:style-name="${style}" office:value-type="date" office:date-value="${cell.date}"><text:p>${cell.date}</text:p></table:table-cell>`;
  }
  if ('formula' in cell) {
    const formula = `table:formula="${xmlEscape(cell.formula)}"`;
    return typeof cell.value === 'number'
      ? `<table:table-cell ${formula} office:value-type="float" office:value="${cell.value}"><text:p>${cell.value}</text:p></table:table-cell>`
      : `<table:table-cell ${formula} office:value-type="string" office:string-value="${xmlEscape(cell.value)}"><text:p>${xmlEscape(cell.value)}</text:p></table:table-cell>`;
  }
  return `<table:table-cell table:number-columns-spanned="${cell.span}" table:number-rows-spanned="1" office:value-type="string"><text:p>${xmlEscape(cell.merged)}</text:p></table:table-cell>${'<table:covered-table-cell/>'.repeat(cell.span - 1)}`;
}

function flatOds(sheets: Record<string, OdsCell[][]>): string {
  const tables = Object.entries(sheets).map(
    ([name, rows]) =>
      `<table:table table:name="${xmlEscape(name)}">${rows
        .map(
          (row) =>
            `<table:table-row>${row.length ? row.map(odsCell).join('') : '<table:table-cell/>'}</table:table-row>`,
        )
        .join('')}</table:table>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
  xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
  xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"
  office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
<number:date-style style:name="ymd"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
<number:date-style style:name="ymdhm"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/><number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/></number:date-style>
<number:boolean-style style:name="yesno"><number:boolean/></number:boolean-style>
<style:style style:name="date" style:family="table-cell" style:data-style-name="ymd"/>
<style:style style:name="datetime" style:family="table-cell" style:data-style-name="ymdhm"/>
<style:style style:name="bool" style:family="table-cell" style:data-style-name="yesno"/>
</office:automatic-styles>
<office:body><office:spreadsheet>${tables.join('\n')}</office:spreadsheet></office:body>
</office:document>
`;
}

const HEADER: OdsCell[] = [
  'Unique_ID',
  'Reporting_Label',
  'Price',
  'Start_Date',
  'End_Date',
  'Launch',
  'Total',
  'Is_Default',
  'Active',
  'Name',
  { merged: 'Image', span: 2 },
  'Code',
];

/** The LibreOffice workbooks, by fixture name. */
const WORKBOOKS: Record<string, Record<string, OdsCell[][]>> = {
  good: {
    Feed: [
      HEADER,
      [
        'A-1',
        'Spring sale',
        12.5,
        { date: '2026-03-01' },
        { date: '2026-03-31' },
        { date: '2026-03-01T10:30:00' },
        { formula: 'of:=[.C2]*2', value: 25 },
        true,
        true,
        'Crème brûlée',
        'https://example.com/a.png',
        null,
        '01234',
      ],
      [
        'A-2',
        'Über uns',
        7,
        { date: '2026-04-01' },
        { date: '2026-04-30' },
        null,
        { formula: 'of:=[.C3]*2', value: 14 },
        false,
        false,
        '日本の春 🎉',
        'https://example.com/b.png',
        'under the merged cell',
        '00042',
      ],
      [],
      [],
      [
        1001,
        'Numbers',
        0.1,
        null,
        null,
        null,
        { formula: 'of:=1/0', value: 0 },
        null,
        true,
        { formula: 'of:=CONCATENATE([.B6];"!")', value: 'Numbers!' },
        null,
        null,
        null,
      ],
    ],
    Extra: [
      ['Unique_ID', 'Reporting_Label', 'Note'],
      ['X-1', 'Zweite Seite', 'grün'],
      ['X-2', 'Second', 42],
    ],
    More: [
      ['Unique_ID', 'Reporting_Label', 'Price'],
      ['M-1', 'More one', 1.5],
    ],
  },
  // Sheets longer than one unpacked chunk, so that streams are still open when reading stops.
  long: {
    Feed: [
      ['Unique_ID', 'Reporting_Label', 'Price'],
      ...Array.from({ length: 120 }, (_, i): OdsCell[] => [i + 1, 'Long', i + 0.5]),
    ],
    Other: [
      ['Unique_ID', 'Reporting_Label', 'Note'],
      ...Array.from({ length: 120 }, (_, i): OdsCell[] => [i, 'x', i]),
    ],
  },
  empty: { Feed: [[]] },
  'duplicate-id': {
    Feed: [
      ['Unique_ID', 'Reporting_Label'],
      ['D-1', 'First'],
      ['D-2', 'Second'],
      ['D-1', 'Again'],
    ],
  },
  'missing-id': {
    Feed: [
      ['Unique_ID', 'Reporting_Label'],
      ['M-1', 'Has one'],
      [null, 'Has none'],
      ['  ', 'Blank one'],
    ],
  },
  wide: {
    Feed: [
      ['Unique_ID', 'Reporting_Label', ...Array.from({ length: 99 }, (_, i) => `Column ${i + 3}`)],
      ['W-1', 'Wide'],
    ],
  },
};

function convertWithLibreOffice(work: string): void {
  const sources = Object.entries(WORKBOOKS).map(([name, sheets]) => {
    const path = join(work, `${name}.fods`);
    writeFileSync(path, flatOds(sheets));
    return path;
  });
  // Its own profile, so a LibreOffice someone else is running does not take the job.
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(work, 'profile')}`,
      '--headless',
      '--convert-to',
      'xlsx',
      '--outdir',
      OUT,
      ...sources,
    ],
    { stdio: 'inherit' },
  );
}

// --- A workbook written by hand --------------------------------------------------------------------

const X = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * What LibreOffice does not write: a hidden first sheet, `x:`-prefixed tags, the 1904 date system,
 * a custom date format, cells without `r`, inline and rich strings (phonetic runs left out),
 * `_x000D_` escapes, `t="str"`, `t="e"` and `t="d"` cells, a `t="n"` cell with a general style.
 */
const HANDMADE = {
  '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="/book/main.xml"/></Relationships>`,
  'book/main.xml': `<?xml version="1.0" encoding="UTF-8"?><x:workbook xmlns:x="${X}" xmlns:r="${R}"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Hidden" sheetId="1" state="hidden" r:id="rId2"/><x:sheet name="Data" sheetId="2" r:id="rId1"/></x:sheets></x:workbook>`,
  'book/_rels/main.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/worksheet" Target="sheets/data.xml"/><Relationship Id="rId2" Type="${R}/worksheet" Target="sheets/hidden.xml"/><Relationship Id="rId3" Type="${R}/sharedStrings" Target="strings.xml"/><Relationship Id="rId4" Type="${R}/styles" Target="../book/styles.xml"/></Relationships>`,
  'book/strings.xml': `<?xml version="1.0" encoding="UTF-8"?><x:sst xmlns:x="${X}"><x:si><x:t>Unique_ID</x:t></x:si><x:si><x:t>Reporting_Label</x:t></x:si><x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">Rich </x:t></x:r><x:r><x:t>text</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ignored</x:t></x:rPh></x:si><x:si><x:t>line_x000D_break &amp; more</x:t></x:si></x:sst>`,
  'book/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><x:styleSheet xmlns:x="${X}"><x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="[$-409]d\\-mmm\\-yyyy;@"/></x:numFmts><x:cellStyleXfs count="1"><x:xf numFmtId="14"/></x:cellStyleXfs><x:cellXfs count="3"><x:xf numFmtId="0"/><x:xf numFmtId="164" applyNumberFormat="1"/><x:xf numFmtId="22" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>`,
  'book/sheets/hidden.xml': `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${X}"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>Secret</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
  'book/sheets/data.xml': `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${X}"><x:sheetData>
<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:t>When</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Stamp</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Amount</x:t></x:is></x:c></x:row>
<x:row><x:c t="inlineStr"><x:is><x:r><x:t>H-</x:t></x:r><x:r><x:t>1</x:t></x:r></x:is></x:c><x:c t="s"><x:v>2</x:v></x:c><x:c s="1"><x:v>0</x:v></x:c><x:c s="2"><x:v>45000.75</x:v></x:c><x:c><x:v>1.5E3</x:v></x:c></x:row>
<x:row r="5"><x:c r="A5" t="str"><x:f>"H-"&amp;"2"</x:f><x:v>H-2</x:v></x:c><x:c r="B5" t="s"><x:v>3</x:v></x:c><x:c r="C5" t="d"><x:v>2026-02-28T00:00:00Z</x:v></x:c><x:c r="D5" t="e"><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c><x:c r="E5" t="b"><x:v>1</x:v></x:c></x:row>
</x:sheetData></x:worksheet>`,
};

// --- Everything else ---------------------------------------------------------------------------

const PRIVATE_SHEET = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Google Sheets: Sign-in</title></head><body><p>You need access</p></body></html>\n`;

const SEMICOLON_CSV = `\uFEFFUnique_ID;Reporting_Label;Price;Notes\r
C-1;Café;12,5;"Two\r
lines"\r
\r
C-2;"Say ""hi""";7;\r
;;;\r
C-3;日本;0;"a;b"\r
`;

const TSV = 'Unique_ID\tReporting_Label\tStart_Date\nT-1\tTab one\t2026-05-01\nT-2\tTab two\t01.06.2026\n';

mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'feed-fixtures-'));
try {
  convertWithLibreOffice(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
const good = readFileSync(join(OUT, 'good.xlsx'));
writeFileSync(join(OUT, 'truncated.xlsx'), good.subarray(0, Math.floor(good.length / 2)));
writeFileSync(join(OUT, 'handmade.xlsx'), writeZip(HANDMADE));
writeFileSync(join(OUT, 'private-sheet.xlsx'), PRIVATE_SHEET);
writeFileSync(join(OUT, 'semicolon-bom.csv'), SEMICOLON_CSV);
writeFileSync(join(OUT, 'feed.tsv'), TSV);
console.log(`Feed fixtures written to ${OUT}`);
