import { buildZip } from '../storage/zip-writer';

/** A cell: text (an inline string), a number, or empty. */
export type XlsxCell = string | number | null | undefined;

export interface XlsxSheet {
  /** The sheet's tab name (at most 31 characters, none of `\ / ? * [ ] :`). */
  name: string;
  header: readonly string[];
  rows: readonly (readonly XlsxCell[])[];
  /** Column widths in characters, one per header column. */
  widths: readonly number[];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const DOC_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** The most text a cell holds (Excel's limit); longer text is cut there rather than refused by Excel. */
const CELL_TEXT_MAX = 32_767;

/** Characters XML 1.0 cannot hold at all (controls other than tab, LF, CR; lone surrogates; U+FFFE/F). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing what XML cannot hold is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // A raw carriage return is read as a line feed (XML's end-of-line handling); a reference is kept.
    .replaceAll('\r', '&#13;');

export const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

function cellXml(value: XlsxCell, ref: string, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : `<c r="${ref}"${s}/>`;
  if (value === null || value === undefined || value === '') return `<c r="${ref}"${s}/>`;
  // An inline string is text, never a formula, whatever it starts with: no apostrophe is needed.
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value.slice(0, CELL_TEXT_MAX))}</t></is></c>`;
}

function sheetXml({ header, rows, widths }: XlsxSheet): string {
  const lines = [header, ...rows].map((cells, r) => {
    const style = r === 0 ? 1 : 0;
    const xml = cells.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, style)).join('');
    return `<row r="${r + 1}">${xml}</row>`;
  });
  const last = `${columnName(Math.max(header.length - 1, 0))}${rows.length + 1}`;
  const cols = widths.map(
    (width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`,
  );
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${DOC_REL}"><dimension ref="A1:${last}"/>` +
    // The header row stays in view while the rows scroll.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols.join('')}</cols>` +
    `<sheetData>${lines.join('')}</sheetData></worksheet>`
  );
}

/** Two cell formats: the default, and the header's bold. */
const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * A workbook of one sheet as an XLSX file (Office Open XML, the parts Excel needs and no more):
 * a bold, frozen header row, the given column widths, text as inline strings — never a formula,
 * whatever it starts with — and numbers as numbers. Zipped by the house's zip writer.
 */
export function xlsxWorkbook(sheet: XlsxSheet): Buffer {
  const name = escapeXml(sheet.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  return buildZip([
    {
      name: '[Content_Types].xml',
      data:
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_REL}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `${XML}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${DOC_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${DOC_REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    },
    { name: 'xl/styles.xml', data: STYLES },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(sheet) },
  ]);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
