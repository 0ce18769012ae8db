import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceRow } from './feed-header';
import { type Cell, FeedError, FormattedNumber } from './feed-table';
import {
  createRowValidator,
  type Issue,
  type RowValidatorOptions,
  type TemplateColumn,
} from './validate-rows';
import { readXlsx } from './xlsx-reader';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/feeds');
const NO_CONDITIONS: RowValidatorOptions = { conditionIds: new Map() };

/** Validates rows numbered from 2 (row 1 is the header). */
function validate(
  columns: string[],
  rows: (Cell[] | SourceRow)[],
  options: RowValidatorOptions = NO_CONDITIONS,
) {
  const validator = createRowValidator(columns, options);
  return rows.map((cells, i) => validator.check(Array.isArray(cells) ? { row: i + 2, cells } : cells));
}

async function validateFile(name: string, options: RowValidatorOptions = NO_CONDITIONS) {
  const table = await readXlsx(join(FIXTURES, name), []);
  const validator = createRowValidator(table.columns, options);
  const results = [];
  for await (const row of table.rows) results.push(validator.check(row));
  return { headerIssues: validator.headerIssues, results };
}

const error = (row: number | null, column: string | null, value: string | null, message: string): Issue => ({
  row,
  column,
  value,
  message,
  severity: 'error',
});
const warning = (
  row: number | null,
  column: string | null,
  value: string | null,
  message: string,
): Issue => ({
  row,
  column,
  value,
  message,
  severity: 'warning',
});

describe('createRowValidator on the LibreOffice fixtures', () => {
  it('turns the good sheet into rules, typed by Studio columns and the source', async () => {
    const { headerIssues, results } = await validateFile('good.xlsx');
    expect(headerIssues).toEqual([]);
    expect(results.map((result) => result.rule)).toEqual([
      {
        unique_id: 'A-1',
        reporting_label: 'Spring sale',
        is_default: true,
        active: true,
        start: '2026-03-01',
        end: '2026-03-31',
        condition_ids: [],
        data: {
          Unique_ID: 'A-1',
          Reporting_Label: 'Spring sale',
          Price: 12.5,
          Start_Date: '2026-03-01',
          End_Date: '2026-03-31',
          Launch: '2026-03-01T10:30:00',
          Total: 25,
          Is_Default: true,
          Active: true,
          Name: 'Crème brûlée',
          Image: 'https://example.com/a.png',
          Code: '01234',
        },
      },
      {
        unique_id: 'A-2',
        reporting_label: 'Über uns',
        is_default: false,
        active: false,
        start: '2026-04-01',
        end: '2026-04-30',
        condition_ids: [],
        data: {
          Unique_ID: 'A-2',
          Reporting_Label: 'Über uns',
          Price: 7,
          Start_Date: '2026-04-01',
          End_Date: '2026-04-30',
          Launch: null,
          Total: 14,
          Is_Default: false,
          Active: false,
          Name: '日本の春 🎉',
          Image: 'https://example.com/b.png',
          Code: '00042',
        },
      },
      {
        unique_id: '1001',
        reporting_label: 'Numbers',
        is_default: false,
        active: true,
        start: null,
        end: null,
        condition_ids: [],
        data: {
          Unique_ID: '1001',
          Reporting_Label: 'Numbers',
          Price: 0.1,
          Start_Date: null,
          End_Date: null,
          Launch: null,
          Total: null,
          Is_Default: false,
          Active: true,
          Name: 'Numbers!',
          Image: null,
          Code: null,
        },
      },
    ]);
    expect(results.flatMap((result) => result.issues)).toEqual([
      warning(
        3,
        null,
        null,
        'This row has a value in columns without a name in the header, which were not read: name those columns to use them.',
      ),
    ]);
  });

  it('types the good sheet by a template', async () => {
    const template: TemplateColumn[] = [
      { name: 'launch', type: 'date', required: false },
      { name: 'Price', type: 'text', required: true },
      { name: 'Image', type: 'image_url', required: false },
      { name: 'Code', type: 'number', required: false },
    ];
    const { results } = await validateFile('good.xlsx', {
      ...NO_CONDITIONS,
      template: { columns: template },
    });
    expect(results[0]!.rule?.data).toMatchObject({ Launch: '2026-03-01', Price: '12.5', Code: 1234 });
    expect(results[2]!.rule?.data).toMatchObject({ Price: '0.1', Image: null, Code: null });
  });

  it('keeps a repeated Unique_ID out, naming the row that has it', async () => {
    const { results } = await validateFile('duplicate-id.xlsx');
    expect(results.map((result) => result.rule?.unique_id ?? null)).toEqual(['D-1', 'D-2', null]);
    expect(results[2]!.issues).toEqual([
      error(4, 'Unique_ID', 'D-1', 'This Unique_ID is already used on row 2: give every row its own ID.'),
    ]);
  });

  it('keeps rows without a Unique_ID out', async () => {
    const { results } = await validateFile('missing-id.xlsx');
    expect(results.map((result) => result.rule?.unique_id ?? null)).toEqual(['M-1', null, null]);
    expect(results.flatMap((result) => result.issues)).toEqual([
      error(3, 'Unique_ID', null, 'Unique_ID is empty: give every row its own ID.'),
      error(4, 'Unique_ID', '  ', 'Unique_ID is empty: give every row its own ID.'),
    ]);
  });
});

describe('createRowValidator header', () => {
  it('fails without the Unique_ID or Reporting_Label column, matching names ignoring case', () => {
    expect(() => createRowValidator(['unique_id', 'REPORTING_LABEL'], NO_CONDITIONS)).not.toThrow();
    expect(() => createRowValidator(['Reporting_Label', 'Name'], NO_CONDITIONS)).toThrow(
      new FeedError('The feed has no Unique_ID column: add it to the header row.'),
    );
    expect(() => createRowValidator(['Unique_ID'], NO_CONDITIONS)).toThrow(
      new FeedError('The feed has no Reporting_Label column: add it to the header row.'),
    );
    expect(() => createRowValidator(['ID', 'Label'], NO_CONDITIONS)).toThrow(
      new FeedError('The feed has no Unique_ID or Reporting_Label column: add them to the header row.'),
    );
  });

  it('fails without a required template column and warns about a missing optional one', () => {
    const template = {
      columns: [
        { name: 'Price', type: 'number', required: true },
        { name: 'Image', type: 'image_url', required: true },
        { name: 'Color', type: 'color', required: false },
      ] satisfies TemplateColumn[],
    };
    expect(() =>
      createRowValidator(['Unique_ID', 'Reporting_Label', 'price'], { ...NO_CONDITIONS, template }),
    ).toThrow(
      new FeedError(
        'The template requires the column Image, which the feed does not have: add it to the header row.',
      ),
    );
    expect(() =>
      createRowValidator(['Unique_ID', 'Reporting_Label'], { ...NO_CONDITIONS, template }),
    ).toThrow(
      new FeedError(
        'The template requires the columns Price, Image, which the feed does not have: add them to the header row.',
      ),
    );
    const validator = createRowValidator(['Unique_ID', 'Reporting_Label', 'Price', 'IMAGE'], {
      ...NO_CONDITIONS,
      template,
    });
    expect(validator.headerIssues).toEqual([
      warning(null, 'Color', null, "The template's column Color is not in the feed; its value stays empty."),
    ]);
  });
});

describe('createRowValidator rows', () => {
  const columns = [
    'Unique_ID',
    'Reporting_Label',
    'Is_Default',
    'Active',
    'Start_Date',
    'End_Date',
    'Conditions',
  ];
  const conditionIds = new Map([
    ['mobile', 7],
    ['weekend', 9],
  ]);

  it('reads Studio columns: booleans, dates, conditions', () => {
    const [first, second] = validate(
      columns,
      [
        [' R-1 ', 12, 'yes', null, '2026/03/01', '31.03.2026', 'Mobile; weekend,mobile'],
        ['R-2', 'Two', 'n', 'FALSE', '2026-03-01T08:00:00Z', null, null],
      ],
      { conditionIds },
    );
    expect(first).toEqual({
      rule: {
        unique_id: 'R-1',
        reporting_label: '12',
        is_default: true,
        active: true,
        start: '2026-03-01',
        end: '2026-03-31',
        condition_ids: [7, 9],
        data: {
          Unique_ID: 'R-1',
          Reporting_Label: '12',
          Is_Default: true,
          Active: true,
          Start_Date: '2026-03-01',
          End_Date: '2026-03-31',
          Conditions: 'Mobile; weekend,mobile',
        },
      },
      issues: [],
    });
    expect(second!.rule).toMatchObject({ is_default: false, active: false, start: '2026-03-01', end: null });
  });

  it('keeps rows with errors out, one issue per fault', () => {
    const results = validate(
      columns,
      [
        ['E-1', 'Bad flags', 'perhaps', 'sometimes', null, null, null],
        ['E-2', 'Bad dates', null, null, '1/2/2026', '2026-02-30', null],
        ['E-3', 'Backwards', null, null, '2026-05-01', '2026-04-01', null],
        ['E-4', null, null, null, null, null, 'Mobile, Night, Rain'],
        ['E-5', 'Fine', null, null, null, null, ' ; , '],
      ],
      { conditionIds },
    );
    expect(results.map((result) => result.rule?.unique_id ?? null)).toEqual([null, null, null, null, 'E-5']);
    expect(results.flatMap((result) => result.issues)).toEqual([
      error(2, 'Is_Default', 'perhaps', 'This is not a yes/no value: write TRUE or FALSE.'),
      error(2, 'Active', 'sometimes', 'This is not a yes/no value: write TRUE or FALSE.'),
      error(
        3,
        'Start_Date',
        '1/2/2026',
        'This date could be read day-first or month-first: write it as YYYY-MM-DD.',
      ),
      error(3, 'End_Date', '2026-02-30', '2026-02-30 is not a day of the calendar: fix the date.'),
      error(4, 'End_Date', '2026-04-01', 'End_Date is before Start_Date (2026-05-01): fix one of them.'),
      error(5, 'Reporting_Label', null, 'Reporting_Label is empty: give the row a name for reports.'),
      error(
        5,
        'Conditions',
        'Mobile, Night, Rain',
        'No condition is named "Night", "Rain": create them under Conditions or fix the name.',
      ),
    ]);
  });

  it('names the missing conditions of a row they alone keep out, for a later sync to take it in', () => {
    const results = validate(
      columns,
      [
        ['M-1', 'Only names', null, null, null, null, 'Mobile, Rain; rain,Night'],
        ['M-2', null, null, null, null, null, 'Rain'],
        ['M-3', 'Named', null, null, null, null, 'mobile'],
      ],
      { conditionIds },
    );
    const [alone, withOthers, fine] = results;
    expect(alone!.rule).toBeNull();
    expect(alone!.issues).toEqual([
      {
        ...error(
          2,
          'Conditions',
          'Mobile, Rain; rain,Night',
          'No condition is named "Rain", "rain", "Night": create them under Conditions or fix the name.',
        ),
        missing_conditions: ['rain', 'night'],
      },
    ]);
    // Another error keeps the row out whatever conditions exist: no names to wait for.
    expect(withOthers!.issues.map((issue) => issue.missing_conditions)).toEqual([undefined, undefined]);
    expect(fine!.rule?.condition_ids).toEqual([7]);
  });

  it('warns about a second default row and keeps it', () => {
    const results = validate(
      ['Unique_ID', 'Reporting_Label', 'Is_Default'],
      [
        ['D-1', 'Bad', 'maybe'],
        ['D-2', 'First', 'TRUE'],
        ['D-3', 'Second', '1'],
        ['D-4', 'Third', true],
      ],
    );
    expect(results.map((result) => result.rule?.is_default ?? null)).toEqual([null, true, true, true]);
    expect(results.slice(1).flatMap((result) => result.issues)).toEqual([
      warning(4, 'Is_Default', '1', 'Row 3 is already the default: keep one Is_Default row.'),
      warning(5, 'Is_Default', 'TRUE', 'Row 3 is already the default: keep one Is_Default row.'),
    ]);
  });

  it('refuses values over 50,000 characters, showing the start of them', () => {
    const long = 'x'.repeat(50_001);
    const [result] = validate(['Unique_ID', 'Reporting_Label', 'Copy'], [['L-1', 'Long', long]]);
    expect(result!.rule).toBeNull();
    expect(result!.issues).toEqual([
      error(
        2,
        'Copy',
        `${'x'.repeat(200)}…`,
        'This value has 50,001 characters; the most is 50,000: shorten it.',
      ),
    ]);
    expect(
      validate(['Unique_ID', 'Reporting_Label', 'Copy'], [['L-1', 'Long', long.slice(1)]])[0]!.rule,
    ).not.toBeNull();
  });

  it('checks template types and required cells, normalising whatever the cell type', () => {
    const template: TemplateColumn[] = [
      { name: 'Price', type: 'number', required: true },
      { name: 'Link', type: 'url', required: false },
      { name: 'Image', type: 'image_url', required: false },
      { name: 'Day', type: 'date', required: false },
      { name: 'Sale', type: 'boolean', required: false },
      { name: 'Color', type: 'color', required: false },
      { name: 'Note', type: 'text', required: false },
    ];
    const header = ['Unique_ID', 'Reporting_Label', ...template.map((column) => column.name)];
    const options = { ...NO_CONDITIONS, template: { columns: template } };
    const [good, bad, empty] = validate(
      header,
      [
        [
          'T-1',
          'Good',
          '12.5',
          'https://example.com',
          'http://cdn.example.com/a.png',
          '2026-03-01T10:30:00',
          'y',
          '#FF6600',
          42,
        ],
        [
          'T-2',
          'Bad',
          '12,5',
          'example.com',
          'data:image/png;base64,AAAA',
          '03/01/2026',
          'si',
          'orange',
          true,
        ],
        ['T-3', 'Empty', '  ', null, null, null, null, null, null],
      ],
      options,
    );
    expect(good!.rule?.data).toEqual({
      Unique_ID: 'T-1',
      Reporting_Label: 'Good',
      Price: 12.5,
      Link: 'https://example.com',
      Image: 'http://cdn.example.com/a.png',
      Day: '2026-03-01',
      Sale: true,
      Color: '#FF6600',
      Note: '42',
    });
    expect(bad!.rule).toBeNull();
    expect(bad!.issues.map((issue) => [issue.column, issue.message])).toEqual([
      ['Price', 'Write numbers with a dot for decimals and no thousands separators, like 1234.5.'],
      ['Link', 'This is not a web address: write a full URL starting with https://.'],
      ['Image', 'This is not a web address: write a full URL starting with https://.'],
      ['Day', 'This date could be read day-first or month-first: write it as YYYY-MM-DD.'],
      ['Sale', 'This is not a yes/no value: write TRUE or FALSE.'],
      ['Color', 'This is not a colour: write it as #rgb or #rrggbb, like #ff6600.'],
    ]);
    expect(empty!.issues).toEqual([error(4, 'Price', '  ', 'Price is required: fill it in.')]);
  });

  it('types other cells by the text the sheet shows, whatever the source typed them, without a template', () => {
    const columns = [
      'Unique_ID',
      'Reporting_Label',
      'Zip',
      'Count',
      'Flag',
      'When',
      'Blank',
      'Rate',
      'EAN',
      'Off',
    ];
    const [fromXlsx, fromCsv] = validate(columns, [
      [
        'S-1',
        'Source',
        '01234',
        7,
        false,
        '2026-03-01T10:30:00',
        '   ',
        0.1 + 0.2,
        4006381333931,
        new FormattedNumber(0.12, '12%'),
      ],
      ['S-2', 'Source', '01234', '7', 'FALSE', '2026-03-01T10:30:00', '', '0.3', '4006381333931', '12%'],
    ]);
    const data = {
      Reporting_Label: 'Source',
      Zip: '01234',
      Count: 7,
      Flag: false,
      When: '2026-03-01T10:30:00',
      Blank: null,
      Rate: 0.3,
      EAN: '4006381333931',
      Off: '12%',
    };
    expect(fromXlsx!.rule?.data).toEqual({ Unique_ID: 'S-1', ...data });
    expect(fromCsv!.rule?.data).toEqual({ Unique_ID: 'S-2', ...data });
  });

  it('warns once about values in columns without a header name', () => {
    const results = validate(
      ['Unique_ID', 'Reporting_Label'],
      [
        { row: 2, cells: ['I-1', 'One'], ignored: 2 },
        { row: 3, cells: ['I-2', 'Two'], ignored: 1 },
      ],
    );
    expect(results.map((result) => result.rule?.unique_id)).toEqual(['I-1', 'I-2']);
    expect(results.flatMap((result) => result.issues)).toEqual([
      warning(
        2,
        null,
        null,
        'This row has 2 values in columns without a name in the header, which were not read: name those columns to use them.',
      ),
    ]);
  });

  it('treats a column named like an Object property as any other', () => {
    const [result] = validate(
      ['Unique_ID', 'Reporting_Label', 'constructor', 'toString', '__proto__'],
      [['P-1', 'Proto', 'a', 1, 'b']],
    );
    expect(JSON.parse(JSON.stringify(result!.rule?.data))).toEqual({
      Unique_ID: 'P-1',
      Reporting_Label: 'Proto',
      constructor: 'a',
      toString: 1,
      ['__proto__']: 'b',
    });
    expect(Object.getPrototypeOf(result!.rule?.data)).toBe(Object.prototype);
  });
});
