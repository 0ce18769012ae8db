import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../../test/fixtures/feeds/write-zip';
import type { FeedTable } from './feed-table';
import { FeedError } from './feed-table';
import { readXlsx } from './xlsx-reader';
import { attribute, XmlTokenizer } from './xlsx-xml';

/** What the tokenizer reports for `xml` written in pieces of `size` characters. */
function events(xml: string, size = xml.length, wanted: string[] = []): string[] {
  const seen: string[] = [];
  const tokenizer = new XmlTokenizer('test.xml', {
    open(name, tag) {
      const found = wanted.map((key) => `${key}=${attribute(tag, key) ?? '-'}`);
      seen.push(`<${[name, ...found].join(' ')}>`);
    },
    close: (name) => seen.push(`</${name}>`),
    text: (text) => seen.push(JSON.stringify(text)),
  });
  for (let i = 0; i < xml.length; i += size) tokenizer.write(xml.slice(i, i + size));
  tokenizer.close();
  return seen;
}

const damaged = new FeedError(
  'The XLSX file is damaged or incomplete (test.xml is not valid XML): export it from the spreadsheet again and retry.',
);

describe('XmlTokenizer', () => {
  it('reads attributes in any order, quoted either way, by local name', () => {
    const xml = `<?xml version="1.0"?><x:c t='s' x:r = "B2" s="3"/>`;
    expect(events(xml, undefined, ['r', 't', 's', 'id'])).toEqual(['<c r=B2 t=s s=3 id=->', '</c>']);
    // A plain name wins over a prefixed one, wherever it is.
    expect(events('<a r:id="1" id="2"/>', undefined, ['id'])).toEqual(['<a id=2>', '</a>']);
  });

  it('decodes entities and character references in text and attributes, and normalises line ends', () => {
    const xml =
      '<r a="x &amp; &quot;y&quot;&#10;z\tw"><v>1 &lt; 2 &gt; 0 &apos;&#x1F389;&#233;</v><t>a\r\nb\rc</t></r>';
    expect(events(xml, undefined, ['a'])).toEqual([
      '<r a=x & "y"\nz w>',
      '<v a=->',
      JSON.stringify("1 < 2 > 0 '🎉é"),
      '</v>',
      '<t a=->',
      JSON.stringify('a\nb\nc'),
      '</t>',
      '</r>',
    ]);
  });

  it('hands over text whole however the input is cut, CDATA as text, comments and declarations skipped', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!DOCTYPE x [<!ENTITY e "v">]><!-- a > b -->' +
      '<x><t xml:space="preserve"> long &amp; spaced </t><![CDATA[<not a tag> & ]]><!-- <c/> --><e/></x>';
    const whole = events(xml);
    expect(whole).toEqual([
      '<x>',
      '<t>',
      JSON.stringify(' long & spaced '),
      '</t>',
      JSON.stringify('<not a tag> & '),
      '<e>',
      '</e>',
      '</x>',
    ]);
    for (const size of [1, 2, 3, 7]) expect(events(xml, size)).toEqual(whole);
  });

  it('reads a `>` inside a quoted attribute value as part of it', () => {
    expect(events('<n f="[>=100]0;0"/>', 4, ['f'])).toEqual(['<n f=[>=100]0;0>', '</n>']);
  });

  it('refuses what a damaged part shows', () => {
    for (const xml of [
      '<a><b></a>',
      '<a>',
      '<a/><b/>',
      '<a>&nope;</a>',
      '<a>& </a>',
      '<a>&#0;</a>',
      '<a b=1/>',
      '<a b="1/>',
      '',
      '<a></a><',
    ]) {
      expect(() => events(xml), xml).toThrow(damaged);
    }
  });
});

describe('readXlsx on sheet XML as other writers write it', () => {
  const X = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'feeds-xml-'));
    file = join(dir, 'odd.xlsx');
    const sheet =
      `<worksheet xmlns="${X}"><sheetData>` +
      '<row r="1"><c t="inlineStr" r="A1"><is><t>Unique_ID</t></is></c>' +
      '<c r="B1" t="inlineStr"><is><r><t xml:space="preserve">Reporting </t></r><r><rPr><b/></rPr><t>Label</t></r><rPh><t>x</t></rPh></is></c>' +
      '<c r="C1" t="s"><v>0</v></c></row>' +
      '<row r="2"><c s="0" r="A2" t="str"><f>A1&amp;"x"</f><v>a &amp; b&#10;c</v></c><c r="B2"/>' +
      '<c r="C2" t="inlineStr"><is><t><![CDATA[<cdata>]]></t></is></c></row>' +
      '<row r="3"><c r="A3"><v>7</v></c><c r="B3" t="inlineStr"><is><t>Été &lt;3</t></is></c></row>' +
      '</sheetData></worksheet>';
    const zip = writeZip({
      '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `<workbook xmlns="${X}" xmlns:r="${R}"><sheets><sheet name="A &amp; B" sheetId="1" r:id="r1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${R}/worksheet" Target="sheet.xml"/><Relationship Id="r2" Type="${R}/sharedStrings" Target="strings.xml"/></Relationships>`,
      'xl/sheet.xml': sheet,
      'xl/strings.xml': `<sst xmlns="${X}"><si><t>Note_x000D_ &amp; more</t></si></sst>`,
    });
    await writeFile(file, zip);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const rowsOf = async (table: FeedTable) => {
    const rows = [];
    for await (const row of table.rows) rows.push(row);
    return rows;
  };

  it('reads rich and inline strings, cached formula values with entities, self-closing cells', async () => {
    const table = await readXlsx(file, ["'A & B'!A:C"]);
    expect(table.columns).toEqual(['Unique_ID', 'Reporting Label', 'Note\r & more']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['a & b\nc', null, '<cdata>'] },
      { row: 3, cells: [7, 'Été <3', null] },
    ]);
  });
});
