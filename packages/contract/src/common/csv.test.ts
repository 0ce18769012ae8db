import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

/** How a spreadsheet set to a `;` list separator splits a line: RFC 4180 quoting, `;` between cells. */
function splitAt(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  return [...cells, cell];
}

describe('the CSV writer', () => {
  it('quotes every text field, doubles quotes and ends lines with CRLF; numbers stay bare', () => {
    expect(
      toCsv(
        ['Name', 'Count'],
        [
          ['plain', 1],
          ['say "hi"', 2],
          ['two\nlines', 3.5],
          [null, -5],
        ],
      ),
    ).toBe('"Name","Count"\r\n"plain",1\r\n"say ""hi""",2\r\n"two\nlines",3.5\r\n"",-5\r\n');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('"true"');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(['=1+1', '+31 6', '-5', '@SUM(A1)', '\tx', '\rx'].map(csvField)).toEqual([
      `"'=1+1"`,
      `"'+31 6"`,
      `"'-5"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      `"'\rx"`,
    ]);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('gives no cell that starts a formula in a `,`, `;` or tab locale', () => {
    const hostile = ['a;=1+1', 'a,=1+1', 'a\t=1+1', 'x";=1+1;"', '=cmd|"/c calc"!A0', 'ok; @SUM(A1)'];
    const text = toCsv(
      ['Creative'],
      hostile.map((name) => [name]),
    );
    for (const separator of [',', ';', '\t']) {
      const cells = text
        .split('\r\n')
        .filter(Boolean)
        .flatMap((line) => splitAt(line, separator));
      expect(
        cells.filter((cell) => /^[=+\-@]/.test(cell)),
        separator,
      ).toEqual([]);
      expect(cells.slice(1), separator).toEqual(
        hostile.map((name) => (/^[=+\-@]/.test(name) ? `'${name}` : name)),
      );
    }
  });
});
