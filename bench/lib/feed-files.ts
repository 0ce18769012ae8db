import { once } from 'node:events';
import fs from 'node:fs';
import type { TemplateColumn } from '@adstudio/server/src/feeds/validate-rows';
import { buildZip } from '@adstudio/server/src/storage/zip-writer';
import { BRANDS, random } from './names';

/**
 * A believable product feed of 20 columns, written as CSV and as XLSX from the same rows: Studio's
 * columns, text with commas, quotes, line breaks and non-ASCII letters, prices, dates, booleans,
 * a few empty cells. Every row is valid against FEED_TEMPLATE, so a sync keeps them all.
 */
export const FEED_COLUMNS = [
  'Unique_ID',
  'Reporting_Label',
  'Region',
  'Product_Name',
  'Price',
  'Image_URL',
  'Exit_URL',
  'Is_Default',
  'Active',
  'Start_Date',
  'End_Date',
  'Brand',
  'Category',
  'Description',
  'Sale_Price',
  'Currency',
  'Stock',
  'Rating',
  'Color',
  'Headline',
] as const;

/** The template a retail profile would use: typed columns are validated and normalised by the sync. */
export const FEED_TEMPLATE: TemplateColumn[] = [
  { name: 'Price', type: 'number', required: true },
  { name: 'Sale_Price', type: 'number', required: false },
  { name: 'Image_URL', type: 'image_url', required: false },
  { name: 'Exit_URL', type: 'url', required: true },
  { name: 'Stock', type: 'number', required: false },
  { name: 'Rating', type: 'number', required: false },
  { name: 'Color', type: 'color', required: false },
  { name: 'Headline', type: 'text', required: true },
];

/** A date cell: ISO text in the CSV, a serial with a date style in the XLSX. */
interface DateValue {
  date: string;
}
type Value = string | number | boolean | DateValue | null;

const REGIONS = [
  'North',
  'South',
  'East',
  'West',
  'Île-de-France',
  'Bayern',
  'Catalunya',
  'Zürich',
  'Małopolska',
];
const CATEGORIES = ['Shoes', 'Coffee', 'Toys', 'Furniture', 'Phones', 'Garden', 'Books', 'Pharmacy'];
const NOUNS = [
  'Runner',
  'Crème Mug',
  'Espresso Beans',
  'Sofa',
  'Smartphone',
  'Blöcke',
  'Ñandú Plush',
  'Lamp',
];
const ADJECTIVES = ['Classic', 'Pro', 'Mini', 'Deluxe', 'Eco', 'Ultra', 'Große', 'Petite'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'PLN'];
const FIRST_DAY = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The rows, the same for the same `count` on every run. */
function* feedRows(count: number): Generator<Value[]> {
  const rnd = random(20_261_121);
  for (let i = 0; i < count; i++) {
    const sku = `SKU-${String(i + 1).padStart(7, '0')}`;
    const brand = rnd.pick(BRANDS);
    const category = rnd.pick(CATEGORIES);
    const region = rnd.pick(REGIONS);
    const noun = rnd.pick(NOUNS);
    let name = `${brand} ${rnd.pick(ADJECTIVES)} ${noun}`;
    if (rnd.chance(0.1)) name += `, ${1 + rnd.int(12)} pack`;
    if (rnd.chance(0.05)) name = `${brand} "${noun}" Edition, ${2026 - rnd.int(3)}`;
    const price = cents(2 + rnd.int(50_000) / 100);
    const start = FIRST_DAY + rnd.int(200) * DAY_MS;
    const end = rnd.chance(0.05) ? null : start + (14 + rnd.int(180)) * DAY_MS;
    let description = `${name} from ${brand}: ${category.toLowerCase()} for ${region}, ships in ${1 + rnd.int(9)} days`;
    if (rnd.chance(0.002)) description += '\nLimited stock; "while it lasts".';
    yield [
      sku,
      `${region} – ${category} #${i + 1}`,
      region,
      name,
      price,
      `https://cdn.example.com/img/${sku.toLowerCase()}.jpg`,
      `https://shop.example.com/p/${sku.toLowerCase()}?utm_source=adstudio&utm_medium=display`,
      i === 0,
      !rnd.chance(0.1),
      { date: isoDay(start) },
      end === null ? null : { date: isoDay(end) },
      brand,
      category,
      description,
      rnd.chance(0.4) ? cents(price * 0.8) : null,
      rnd.pick(CURRENCIES),
      rnd.int(500),
      (10 + rnd.int(41)) / 10,
      `#${rnd.int(0x1000000).toString(16).padStart(6, '0')}`,
      `${name} – now ${price}`,
    ];
  }
}

// --- CSV ---------------------------------------------------------------------------------------

const csvField = (value: Value): string => {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const text = typeof value === 'object' ? value.date : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Writes the feed as CSV (CRLF, as spreadsheets export it), streamed in batches of lines. */
export async function writeFeedCsv(file: string, count: number): Promise<void> {
  const out = fs.createWriteStream(file);
  let lines = `${FEED_COLUMNS.join(',')}\r\n`;
  for (const row of feedRows(count)) {
    lines += `${row.map(csvField).join(',')}\r\n`;
    if (lines.length < 1 << 20) continue;
    if (!out.write(lines)) await once(out, 'drain');
    lines = '';
  }
  out.end(lines);
  await once(out, 'finish');
}

// --- XLSX --------------------------------------------------------------------------------------

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** `0` → `A`, `19` → `T`. */
const columnLetters = (index: number): string =>
  (index >= 26 ? columnLetters(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** Style 1 of cellXfs shows numbers as dates (custom numFmt 164), as Excel saves a date column. */
const DATE_STYLE = 1;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STATIC_PARTS = {
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><workbookPr/><sheets><sheet name="Feed" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
};

/**
 * Writes the feed as an XLSX package the way Excel saves one: text in the shared strings table,
 * numbers and booleans in the cells, dates as serials with a date style. Built in memory (buildZip
 * takes whole parts), which only the generating process pays for.
 */
export function writeFeedXlsx(file: string, count: number): void {
  const strings = new Map<string, number>();
  const stringIndex = (text: string) => {
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  const letters = FEED_COLUMNS.map((_, i) => columnLetters(i));
  const cell = (ref: string, value: Value): string => {
    if (value === null) return '';
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    if (typeof value === 'object') {
      const serial = (Date.parse(value.date) - EXCEL_EPOCH) / DAY_MS;
      return `<c r="${ref}" s="${DATE_STYLE}"><v>${serial}</v></c>`;
    }
    return `<c r="${ref}" t="s"><v>${stringIndex(value)}</v></c>`;
  };

  const sheet: Buffer[] = [];
  let rows = '';
  const flushRows = () => {
    sheet.push(Buffer.from(rows));
    rows = '';
  };
  const sheetRow = (r: number, values: Value[]) =>
    `<row r="${r}">${values.map((value, i) => cell(`${letters[i]}${r}`, value)).join('')}</row>`;
  rows += sheetRow(1, [...FEED_COLUMNS]);
  let r = 1;
  for (const values of feedRows(count)) {
    rows += sheetRow(++r, values);
    if (rows.length >= 1 << 20) flushRows();
  }
  flushRows();
  const head = `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL}"><dimension ref="A1:${letters.at(-1)}${r}"/><sheetData>`;
  const sheetXml = Buffer.concat([Buffer.from(head), ...sheet, Buffer.from('</sheetData></worksheet>')]);

  const shared: Buffer[] = [Buffer.from(`${XML_HEAD}<sst xmlns="${NS}" uniqueCount="${strings.size}">`)];
  let si = '';
  for (const text of strings.keys()) {
    si += /^\s|\s$/.test(text)
      ? `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`
      : `<si><t>${escapeXml(text)}</t></si>`;
    if (si.length < 1 << 20) continue;
    shared.push(Buffer.from(si));
    si = '';
  }
  shared.push(Buffer.from(`${si}</sst>`));

  const zip = buildZip([
    ...Object.entries(STATIC_PARTS).map(([name, data]) => ({ name, data })),
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    { name: 'xl/sharedStrings.xml', data: Buffer.concat(shared) },
  ]);
  fs.writeFileSync(file, zip);
}
