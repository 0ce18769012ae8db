import { once } from 'node:events';
import fs from 'node:fs';
import type { TemplateColumn } from '@adstudio/server/src/feeds/validate-rows';
import { buildZip } from '@adstudio/server/src/storage/zip-writer';
import { BRANDS, type Random, random, slug } from './names';

/**
 * A believable product feed of 20 columns, written as CSV and as XLSX from the same rows: Studio's
 * columns, text with commas, quotes, line breaks and non-ASCII letters, prices, dates, booleans,
 * a few empty cells. Every row is valid against FEED_TEMPLATE, so a sync keeps them all. The wide
 * feed adds the 80 columns of WIDE_COLUMNS (feedColumns(100), feedTemplate(100)) after them, and
 * 1.5 % of its rows are refused for an error.
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

/** The wide feed's template: the retail one and the typed columns among WIDE_COLUMNS. */
const WIDE_TEMPLATE: TemplateColumn[] = [
  ...FEED_TEMPLATE,
  ...(['Weight_Kg', 'Width_Cm', 'Height_Cm', 'Price_Old', 'Discount_Percent', 'Tax_Rate'] as const).map(
    (name) => ({ name, type: 'number' as const, required: false }),
  ),
  ...(['Shipping_Cost', 'Review_Count', 'Score', 'CPC_Bid', 'Latitude', 'Longitude'] as const).map(
    (name) => ({ name, type: 'number' as const, required: false }),
  ),
  ...(['Image_URL_2', 'Image_URL_3', 'Image_URL_4', 'Image_URL_5', 'Logo_URL', 'Thumbnail_URL'] as const).map(
    (name) => ({ name, type: 'image_url' as const, required: false }),
  ),
  { name: 'Mobile_URL', type: 'url', required: true },
  { name: 'Video_URL', type: 'url', required: false },
  { name: 'Background_Color', type: 'color', required: false },
  { name: 'Text_Color', type: 'color', required: false },
  { name: 'Last_Updated', type: 'date', required: false },
  { name: 'Sale_End', type: 'date', required: false },
  { name: 'Free_Shipping', type: 'boolean', required: false },
  { name: 'Is_New', type: 'boolean', required: false },
  { name: 'Headline_2', type: 'text', required: true },
];

/** The feed's columns: the 20 of FEED_COLUMNS, or those and the 80 of WIDE_COLUMNS. */
export const feedColumns = (width: FeedWidth): readonly string[] =>
  width === 20 ? FEED_COLUMNS : [...FEED_COLUMNS, ...WIDE_COLUMNS.map(([name]) => name)];

/** The template of a profile syncing the feed of this width. */
export const feedTemplate = (width: FeedWidth): TemplateColumn[] =>
  width === 20 ? FEED_TEMPLATE : WIDE_TEMPLATE;

export type FeedWidth = 20 | 100;

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

/** What a row's wide columns are made from: its narrow columns. */
interface Product {
  sku: string;
  brand: string;
  category: string;
  name: string;
  price: number;
}

const pickOrNone = <T>(r: Random, empty: number, list: readonly T[]): T | null =>
  r.chance(empty) ? null : r.pick(list);
const hex = (r: Random) => `#${r.int(0x1000000).toString(16).padStart(6, '0')}`;
const dayAfter = (r: Random, days: number) => ({ date: isoDay(FIRST_DAY + r.int(days) * DAY_MS) });

const CITIES = ['Berlin', 'München', 'Paris', 'Lyon', 'Barcelona', 'Kraków', 'Łódź', 'Zürich', 'London'];
const MATERIALS = ['cotton', 'leather', 'steel', 'oak', 'polyester', 'glass', 'ceramic', 'recycled PET'];
const COLOR_NAMES = ['black', 'white', 'navy', 'red', 'sand', 'olive', 'grey melange', 'bordeaux'];

/**
 * The 80 columns the wide feed adds, as a large retail feed has them: merchant attributes, sizes and
 * weights, more prices, more images, alternative texts, styling, store and geography, targeting
 * labels and statistics. Codes stay text; a fifth or so of the cells are empty, optional images and
 * labels mostly so. Each takes what it draws from its own sequence, so the narrow feed is unchanged.
 */
const WIDE_COLUMNS: [string, (r: Random, p: Product, i: number) => Value][] = [
  ['GTIN', (_r, _p, i) => String(4_006_381_000_000 + i * 13)],
  ['MPN', (r, p) => `${slug(p.brand).slice(0, 4).toUpperCase()}-${10_000 + r.int(90_000)}`],
  ['Item_Group_ID', (_r, _p, i) => `GRP-${Math.floor(i / 4) + 1}`],
  ['Condition', (r) => r.pick(['new', 'new', 'new', 'refurbished', 'used'])],
  ['Availability', (r) => r.pick(['in stock', 'in stock', 'in stock', 'out of stock', 'preorder'])],
  ['Product_Type', (r, p) => `${p.category} > ${r.pick(['Bestsellers', 'Outlet', 'New in', 'Basics'])}`],
  ['Google_Product_Category', (r) => r.pick([187, 543, 1604, 2271, 499, 5181, 536, 8])],
  ['Gender', (r) => pickOrNone(r, 0.3, ['female', 'male', 'unisex'])],
  ['Age_Group', (r) => pickOrNone(r, 0.3, ['adult', 'adult', 'kids', 'infant'])],
  ['Size', (r) => pickOrNone(r, 0.2, ['XS', 'S', 'M', 'L', 'XL', '38', '40', '42', 'One size'])],
  ['Material', (r) => pickOrNone(r, 0.3, MATERIALS)],
  ['Pattern', (r) => pickOrNone(r, 0.7, ['striped', 'checked', 'floral', 'plain'])],
  ['Color_Name', (r) => r.pick(COLOR_NAMES)],
  ['Weight_Kg', (r) => cents(0.1 + r.int(5_000) / 100)],
  ['Width_Cm', (r) => 1 + r.int(200)],
  ['Height_Cm', (r) => 1 + r.int(200)],
  ['Depth_Cm', (r) => 1 + r.int(120)],
  ['Energy_Class', (r) => pickOrNone(r, 0.8, ['A', 'B', 'C', 'D', 'E', 'F', 'G'])],
  ['Price_Old', (r, p) => (r.chance(0.5) ? null : cents(p.price * 1.25))],
  ['Discount_Percent', (r) => (r.chance(0.6) ? null : 5 * (1 + r.int(12)))],
  ['Price_Per_Unit', (r, p) => `${cents(p.price / (1 + r.int(10)))} / ${r.pick(['kg', 'l', '100 g', 'm'])}`],
  ['Unit', (r) => r.pick(['pcs', 'kg', 'l', 'm', 'pack'])],
  ['Tax_Rate', (r) => r.pick([0.07, 0.19, 0.2, 0.21, 0.23])],
  ['Shipping_Cost', (r) => r.pick([0, 2.99, 4.99, 9.9])],
  ['Shipping_Days', (r) => 1 + r.int(9)],
  ['Free_Shipping', (r) => r.chance(0.3)],
  ['Installment_Text', (r, p) => (r.chance(0.7) ? null : `or 3 × ${cents(p.price / 3)}, 0 % interest`)],
  ['Margin', (r) => cents(r.int(6_000) / 100)],
  ['Image_URL_2', (_, p) => `https://cdn.example.com/img/${p.sku.toLowerCase()}-2.jpg`],
  [
    'Image_URL_3',
    (r, p) => (r.chance(0.5) ? null : `https://cdn.example.com/img/${p.sku.toLowerCase()}-3.jpg`),
  ],
  [
    'Image_URL_4',
    (r, p) => (r.chance(0.75) ? null : `https://cdn.example.com/img/${p.sku.toLowerCase()}-4.jpg`),
  ],
  [
    'Image_URL_5',
    (r, p) => (r.chance(0.9) ? null : `https://cdn.example.com/img/${p.sku.toLowerCase()}-5.jpg`),
  ],
  ['Video_URL', (r, p) => (r.chance(0.85) ? null : `https://video.example.com/${p.sku.toLowerCase()}.mp4`)],
  ['Logo_URL', (_, p) => `https://cdn.example.com/logos/${slug(p.brand)}.png`],
  // 1.5 % of the rows lack the scheme, an error: 10,500 rows refused at 700k, the error report full.
  [
    'Mobile_URL',
    (r, p) =>
      `${r.chance(0.015) ? '' : 'https://'}m.shop.example.com/p/${p.sku.toLowerCase()}?utm_source=adstudio`,
  ],
  ['Thumbnail_URL', (_, p) => `https://cdn.example.com/thumb/${p.sku.toLowerCase()}.webp`],
  ['Headline_2', (r, p) => `${p.brand}: ${p.category} ${r.pick(['for less', 'you will love', 'on sale'])}`],
  ['Headline_3', (r, p) => (r.chance(0.5) ? null : `Save up to ${10 * (1 + r.int(5))} % on ${p.category}`)],
  ['Short_Description', (r, p) => `${p.name}, ${r.pick(COLOR_NAMES)}, ${r.pick(MATERIALS)}`],
  ['CTA', (r) => r.pick(['Shop now', 'Buy now', 'Discover', 'Learn more', 'Jetzt kaufen', 'Découvrir'])],
  ['Badge', (r) => pickOrNone(r, 0.6, ['New', 'Bestseller', '-20 %', 'Eco', 'Limited'])],
  ['Promotion_ID', (r) => (r.chance(0.7) ? null : `PROMO-2026-${1 + r.int(40)}`)],
  [
    'Promotion_Text',
    (r) => pickOrNone(r, 0.7, ['Buy 2, get 1 free', '"Black Friday" deal', 'Free returns, 30 days']),
  ],
  [
    'Disclaimer',
    (r) => r.pick(['Prices incl. VAT, plus shipping.', 'While stocks last.', 'Terms apply; see shop.']),
  ],
  ['Keywords', (r, p) => `${p.category.toLowerCase()}, ${slug(p.brand)}, ${r.pick(COLOR_NAMES)}`],
  ['Alt_Text', (_, p) => `${p.name} – product photo`],
  ['Background_Color', hex],
  ['Text_Color', (r) => r.pick(['#ffffff', '#000000', '#1a1a1a'])],
  ['Accent_Color', hex],
  ['Font', (r) => r.pick(['Roboto', 'Inter', 'Open Sans', 'Playfair Display'])],
  ['Layout', (r) => r.pick(['hero', 'grid', 'carousel', 'split'])],
  ['Store_ID', (r) => 1_000 + r.int(500)],
  ['Store_Name', (r, p) => `${p.brand} ${r.pick(CITIES)}`],
  ['City', (r) => r.pick(CITIES)],
  ['Postal_Code', (r) => String(r.int(100_000)).padStart(5, '0')],
  ['Country', (r) => r.pick(['DE', 'FR', 'ES', 'PL', 'CH', 'GB', 'US'])],
  ['Latitude', (r) => Math.round((40 + r.int(15_000_000) / 1_000_000) * 1e6) / 1e6],
  ['Longitude', (r) => Math.round((-5 + r.int(25_000_000) / 1_000_000) * 1e6) / 1e6],
  ['Language', (r) => r.pick(['en', 'de', 'fr', 'es', 'pl'])],
  ['Opening_Hours', (r) => r.pick(['Mo-Sa 09:00-20:00', 'Mo-Fr 10:00-19:00', 'daily 08:00-22:00'])],
  ['Audience', (r) => r.pick(['prospects', 'returning', 'cart abandoners', 'loyal'])],
  ['Segment', (r) => r.pick(['value', 'premium', 'mid'])],
  ['Priority', (r) => 1 + r.int(5)],
  ['Campaign_Tag', (r) => r.pick(['q4-2026', 'evergreen', 'clearance', 'launch'])],
  ['Placement', (r) => r.pick(['display', 'social', 'video', 'native'])],
  ['Custom_Label_0', (r) => r.pick(['summer', 'winter', 'evergreen'])],
  ['Custom_Label_1', (r) => pickOrNone(r, 0.3, ['high margin', 'low margin'])],
  ['Custom_Label_2', (r) => pickOrNone(r, 0.5, ['top 100', 'long tail'])],
  ['Custom_Label_3', (r) => pickOrNone(r, 0.8, ['gift', 'bundle', 'clearance'])],
  ['Custom_Label_4', (r) => pickOrNone(r, 0.95, ['test A', 'test B'])],
  ['Review_Count', (r) => r.int(5_000)],
  ['Sold_Last_30_Days', (r) => r.int(2_000)],
  ['Score', (r) => r.int(10_000) / 10_000],
  ['CPC_Bid', (r) => cents(0.05 + r.int(300) / 100)],
  ['Loyalty_Points', (_r, p) => Math.round(p.price)],
  ['Warranty_Years', (r) => r.pick([0, 1, 2, 3, 5])],
  ['Min_Order', (r) => r.pick([1, 1, 1, 2, 6])],
  ['Last_Updated', (r) => dayAfter(r, 300)],
  ['Sale_End', (r) => (r.chance(0.7) ? null : dayAfter(r, 400))],
  ['Is_New', (r) => r.chance(0.15)],
];

/** The rows, the same for the same `count` and width on every run. */
function* feedRows(count: number, width: FeedWidth): Generator<Value[]> {
  const rnd = random(20_261_121);
  const wide = random(20_261_207);
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
    const row: Value[] = [
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
    if (width === 100) {
      const product = { sku, brand, category, name, price };
      for (const [, value] of WIDE_COLUMNS) row.push(value(wide, product, i));
    }
    yield row;
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
export async function writeFeedCsv(file: string, count: number, width: FeedWidth = 20): Promise<void> {
  const out = fs.createWriteStream(file);
  let lines = `${feedColumns(width).join(',')}\r\n`;
  for (const row of feedRows(count, width)) {
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
export function writeFeedXlsx(file: string, count: number, width: FeedWidth = 20): void {
  const strings = new Map<string, number>();
  const stringIndex = (text: string) => {
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  const columns = feedColumns(width);
  const letters = columns.map((_, i) => columnLetters(i));
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
  rows += sheetRow(1, [...columns]);
  let r = 1;
  for (const values of feedRows(count, width)) {
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
