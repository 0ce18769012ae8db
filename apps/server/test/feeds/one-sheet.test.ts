import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Profile, ProfileIssue, ProfileRule } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_COLUMNS,
  PRODUCT_SHEET_FAULTS,
  productSheet,
  type SheetCell,
  sheetCsv,
  sheetXlsx,
} from '../fixtures/feeds/one-sheet';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { startFakeGoogle } from '../support/fake-google';
import { uploadHelpers } from '../uploads/upload-helpers';

/**
 * One sheet, one set of rules (docs/decisions/0073): the CSV, the TSV and the XLSX a spreadsheet
 * saves of the same sheet sync to the same rules, value for value and type for type, with the same
 * errors on the same rows, the rows a spreadsheet shows.
 */
let t: TestApp;
let editor: Client;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles'] }));
});
afterAll(() => t.close());

const { upload } = uploadHelpers(
  () => t,
  () => editor,
);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FORMATS = {
  csv: { type: 'text/csv', bytes: () => sheetCsv(productSheet()) },
  tsv: {
    type: 'text/tab-separated-values',
    bytes: () => sheetCsv(productSheet(), { delimiter: '\t', lineEnd: '\n' }),
  },
  xlsx: { type: XLSX, bytes: () => sheetXlsx(productSheet()) },
} as const;
type Format = keyof typeof FORMATS;

interface Synced {
  profile: Profile;
  rules: ProfileRule[];
  errors: ProfileIssue[];
}

async function syncAs(format: Format, body: Record<string, unknown> = {}): Promise<Synced> {
  const { type, bytes } = FORMATS[format];
  const signed = await upload(bytes(), type);
  return synced(t, editor, {
    name: `One sheet as ${format} ${Math.random().toString(36).slice(2, 8)}`,
    source: 'upload',
    key: signed.key,
    file_name: `feed.${format}`,
    ...body,
  });
}

/** Creates a profile, waits for its first sync, and reads its rules and errors. */
async function synced(app: TestApp, client: Client, body: Record<string, unknown>): Promise<Synced> {
  const res = await client.post('/v1/profiles', body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  await app.app.jobs.idle();
  const profile = (await client.get(`/v1/profiles/${id}`)).json().data as Profile;
  expect(profile.status, profile.sync_error ?? '').toBe('synced');
  const rules = (await client.get(`/v1/profiles/${id}/rules?items-per-page=-1`)).json().data as ProfileRule[];
  const errors = (await client.get(`/v1/profiles/${id}/errors`)).json().data as ProfileIssue[];
  return { profile, rules, errors };
}

/** Every cell of every rule whose JSON (value and type) differs from the first format's, as `id.column`. */
function differingCells(first: ProfileRule[], other: ProfileRule[]): string[] {
  const byId = new Map(other.map((rule) => [rule.unique_id, rule]));
  const differing: string[] = [];
  for (const rule of first) {
    const twin = byId.get(rule.unique_id);
    const columns = new Set([...Object.keys(rule.data), ...Object.keys(twin?.data ?? {})]);
    for (const column of columns) {
      if (JSON.stringify(rule.data[column]) !== JSON.stringify(twin?.data[column]))
        differing.push(`${rule.unique_id}.${column}`);
    }
    for (const field of ['reporting_label', 'position', 'is_default', 'active', 'start', 'end'] as const) {
      if (rule[field] !== twin?.[field]) differing.push(`${rule.unique_id}.${field}`);
    }
  }
  return differing;
}

const issueLines = (errors: ProfileIssue[]) =>
  errors.map((e) => `${e.severity} row ${e.row} ${e.column}: ${e.value} — ${e.message}`);

describe('feeds: one sheet saved as CSV, TSV and XLSX', () => {
  it('syncs to the same rules, cell for cell and type for type, with the same errors on the same rows', async () => {
    const synced = {
      csv: await syncAs('csv'),
      tsv: await syncAs('tsv'),
      xlsx: await syncAs('xlsx'),
    };
    const { csv } = synced;
    expect(csv.profile.columns).toEqual([...PRODUCT_COLUMNS]);
    expect(csv.rules).toHaveLength(58);
    for (const format of ['tsv', 'xlsx'] as const) {
      const other = synced[format];
      expect(other.profile.columns, format).toEqual(csv.profile.columns);
      expect(
        other.rules.map((r) => r.unique_id),
        format,
      ).toEqual(csv.rules.map((r) => r.unique_id));
      expect(differingCells(csv.rules, other.rules), format).toEqual([]);
      expect(issueLines(other.errors), format).toEqual(issueLines(csv.errors));
      const figures = ({ rows_total, rows_active, rows_with_errors, warnings_total }: Profile) => ({
        rows_total,
        rows_active,
        rows_with_errors,
        warnings_total,
      });
      expect(figures(other.profile), format).toEqual(figures(csv.profile));
    }

    // The rows a spreadsheet shows, whatever line the record starts on in the file.
    const { repeatedIdRow, firstIdRow, badDateRow } = PRODUCT_SHEET_FAULTS;
    expect(issueLines(csv.errors)).toEqual([
      `error row ${repeatedIdRow} Unique_ID: P-${firstIdRow - 1} — This Unique_ID is already used on row ${firstIdRow}: give every row its own ID.`,
      `error row ${badDateRow} Start_Date: 2026-02-30 — 2026-02-30 is not a day of the calendar: fix the date.`,
    ]);

    // Untyped columns: plain decimals are numbers, TRUE/FALSE booleans, everything else the text shown.
    expect(csv.rules[0]!.data).toEqual({
      Unique_ID: 'P-1',
      Reporting_Label: 'Product 1',
      Notes: 'Line one of 1\r\nline two\nline three',
      Code: '00007',
      EAN: '4006381333901',
      GTIN: '10012345678901',
      Ref: '1e5',
      Discount: '1%',
      Rate: 1.37,
      Delta: -0.5,
      Price: '1.50',
      Amount: '1,235.50',
      Euro: '9.99 €',
      Sum: 0.3,
      Qty: 121,
      Live: true,
      Flag: false,
      Launch: '2026-03-01',
      Start_Date: '2026-03-01',
      Blank: null,
      Title: '  spaced title 1 ',
    });
    // Row 4 holds its rate as a text cell in the XLSX: the same 1.37.
    expect(synced.xlsx.rules[2]!.data).toMatchObject({ Rate: 1.37, Flag: false, Live: false });
  });

  it('types the columns a template names the same way from either format', async () => {
    const template = await editor.post('/v1/profile-templates', {
      name: 'Products',
      columns: [
        { name: 'Code', type: 'text', required: true },
        { name: 'EAN', type: 'text', required: true },
        { name: 'GTIN', type: 'number', required: true },
        { name: 'Ref', type: 'text', required: true },
        { name: 'Discount', type: 'number', required: true },
        { name: 'Rate', type: 'text', required: true },
        { name: 'Price', type: 'number', required: true },
        { name: 'Amount', type: 'text', required: true },
        { name: 'Sum', type: 'number', required: true },
        { name: 'Qty', type: 'text', required: true },
        { name: 'Live', type: 'boolean', required: true },
        { name: 'Flag', type: 'text', required: true },
        { name: 'Launch', type: 'date', required: true },
      ],
    });
    expect(template.statusCode, template.body).toBe(201);
    const body = { template_id: template.json().data.id };
    const csv = await syncAs('csv', body);
    const xlsx = await syncAs('xlsx', body);
    expect(differingCells(csv.rules, xlsx.rules)).toEqual([]);
    expect(issueLines(xlsx.errors)).toEqual(issueLines(csv.errors));
    expect(csv.rules).toHaveLength(58);
    expect(csv.rules[0]!.data).toMatchObject({
      Code: '00007',
      EAN: '4006381333901',
      GTIN: 10012345678901,
      Ref: '1e5',
      Discount: 0.01,
      Rate: '1.37',
      Price: 1.5,
      Amount: '1,235.50',
      Sum: 0.3,
      Qty: '121',
      Live: true,
      Flag: 'FALSE',
      Launch: '2026-03-01',
    });
  });

  it('reads the same rules through the Sheets API, but for the numbers whose format it does not send', async () => {
    const google = await startFakeGoogle();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-sheet-'));
    const byApi = await buildTestApp({
      GOOGLE_APPLICATION_CREDENTIALS: google.writeCredentials(dir),
      SHEETS_API_URL: google.apiUrl,
    });
    try {
      // The API's values as the sync asks for them: numbers unformatted, dates as the sheet shows them.
      const apiValue = (cell: SheetCell) =>
        cell === null || typeof cell === 'string'
          ? (cell ?? '')
          : 'number' in cell
            ? cell.number
            : 'bool' in cell
              ? cell.bool
              : cell.date;
      google.sheets.set('1OneSheetOneSheetOneSheetOne0', {
        values: { Feed: productSheet().map((cells) => cells.map(apiValue)) },
      });
      const client = await byApi.injectAs(await byApi.createUser({ permissions: ['edit profiles'] }));
      const api = await synced(byApi, client, {
        name: 'One sheet by the API',
        source: 'gsheet',
        gsheet_id: '1OneSheetOneSheetOneSheetOne0',
        ranges: ['Feed'],
      });
      const csv = await syncAs('csv');
      expect(issueLines(api.errors)).toEqual(issueLines(csv.errors));
      // UNFORMATTED_VALUE sends 0.12 for 12% and 1.5 for 1.50: those cells read as the plain number.
      const formatted = new Set(['Discount', 'Price', 'Amount', 'Euro']);
      const differing = differingCells(csv.rules, api.rules);
      expect(differing.filter((cell) => !formatted.has(cell.split('.')[1]!))).toEqual([]);
      expect(api.rules[0]!.data).toMatchObject({ Discount: 0.01, Price: 1.5, Amount: 1235.5, Euro: 9.99 });
      expect(api.rules[0]!.data).toMatchObject({ Code: '00007', EAN: '4006381333901', Ref: '1e5', Sum: 0.3 });
    } finally {
      await byApi.close();
      await google.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
