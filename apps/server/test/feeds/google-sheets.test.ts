import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedRow, FeedTable } from '../../src/feeds/feed-table';
import { FeedError } from '../../src/feeds/feed-table';
import { downloadSheetExport, readSheetValues } from '../../src/feeds/sources/google-sheets';
import { buildZip } from '../../src/storage/zip-writer';
import { type FakeGoogle, generateServiceAccountKey, startFakeGoogle } from '../support/fake-google';

const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
const NOT_SHARED = /not shared.*"Anyone with the link can view", or use a service account/;

let google: FakeGoogle;
let dir: string;
let files = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'google-sheets-'));
});
afterAll(async () => {
  await google.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  google.sheets.clear();
  google.requests.length = 0;
});

/** The smallest workbook a reader opens: one sheet, a header and a row. */
function smallXlsx(): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Feed" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${xml}<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Unique_ID</t></is></c><c r="B1" t="inlineStr"><is><t>Reporting_Label</t></is></c></row><row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>Spring</t></is></c></row></sheetData></worksheet>`,
    },
  ]);
}

const target = () => path.join(dir, `export-${++files}.xlsx`);
const download = (id: string, file: string, options: { maxBytes?: number; template?: string } = {}) =>
  downloadSheetExport(id, file, {
    exportUrlTemplate: options.template ?? google.exportUrlTemplate,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    timeoutMs: 5_000,
  });

/** The FeedError a promise rejects with (and fails the test when it resolves or throws another). */
async function feedError(promise: Promise<unknown>): Promise<FeedError> {
  const error = await promise.then(
    () => new Error('expected a FeedError, but it resolved'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedError);
  return error as FeedError;
}

describe('downloadSheetExport', () => {
  it('follows the 307 and writes the export byte for byte', async () => {
    const xlsx = smallXlsx();
    google.sheets.set(ID, { xlsx });
    const file = target();

    const { revision } = await download(ID, file);

    expect(fs.readFileSync(file).equals(xlsx)).toBe(true);
    expect(revision).toMatch(/^"[0-9a-f]{16}"$/);
    expect(google.requests.map((r) => r.path)).toEqual([`/spreadsheets/d/${ID}/export`, `/download/${ID}`]);
    expect(google.requests[0]!.query.get('format')).toBe('xlsx');
  });

  it('writes a streamed export (no Content-Length) in full', async () => {
    const xlsx = Buffer.concat([smallXlsx(), Buffer.alloc(200_000, 7)]);
    google.sheets.set(ID, { xlsx, chunked: true });
    const file = target();

    await download(ID, file);

    expect(fs.readFileSync(file).equals(xlsx)).toBe(true);
  });

  it('says a private sheet is not shared (Google answers its sign-in page with 200)', async () => {
    google.sheets.set(ID, { xlsx: smallXlsx(), private: true });
    const file = target();

    const error = await feedError(download(ID, file));

    expect(error.message).toMatch(NOT_SHARED);
    expect(google.requests.at(-1)!.path).toBe('/signin');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('says an HTML page sent as a spreadsheet is not shared', async () => {
    google.sheets.set(ID, { xlsx: Buffer.from('\n  <!DOCTYPE html><html><body>Sign in</body></html>') });
    const file = target();

    expect((await feedError(download(ID, file))).message).toMatch(NOT_SHARED);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('says an unknown sheet (404) is not shared', async () => {
    expect((await feedError(download(ID, target()))).message).toMatch(NOT_SHARED);
  });

  it.each([
    ['announced by Content-Length', false],
    ['streamed', true],
  ])('stops over maxBytes (%s)', async (_how, chunked) => {
    google.sheets.set(ID, { xlsx: Buffer.alloc(100_000, 1), chunked });
    const file = target();

    const error = await feedError(download(ID, file, { maxBytes: 50_000 }));

    expect(error.message).toMatch(/larger than/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps an export of exactly maxBytes', async () => {
    google.sheets.set(ID, { xlsx: Buffer.alloc(50_000, 1), chunked: true });
    const file = target();

    await download(ID, file, { maxBytes: 50_000 });

    expect(fs.statSync(file).size).toBe(50_000);
  });

  it('passes on a fault of the local file as it is', async () => {
    google.sheets.set(ID, { xlsx: smallXlsx() });

    const error = await download(ID, path.join(dir, 'missing-folder', 'export.xlsx')).catch(
      (e: unknown) => e,
    );

    expect(error).not.toBeInstanceOf(FeedError);
    expect(error).toMatchObject({ code: 'ENOENT' });
  });

  it('asks to try again when Google fails (5xx)', async () => {
    google.sheets.set(ID, { xlsx: smallXlsx(), failWith: 503 });

    const error = await feedError(download(ID, target()));

    expect(error.message).toBe('Google Sheets did not answer (HTTP 503). Try again.');
  });

  it('asks to try again when nothing answers', async () => {
    const closed = await closedPort();

    const error = await feedError(
      download(ID, target(), {
        template: `http://127.0.0.1:${closed}/spreadsheets/d/{id}/export?format=xlsx`,
      }),
    );

    expect(error.message).toMatch(/^Google Sheets did not answer \(.+\)\. Try again\.$/);
  });

  it('asks to try again when Google takes too long', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const error = await feedError(
        downloadSheetExport(ID, target(), {
          exportUrlTemplate: `http://127.0.0.1:${port}/{id}`,
          maxBytes: 1000,
          timeoutMs: 200,
        }),
      );

      expect(error.message).toBe('Google Sheets did not answer (no answer within 0.2 s). Try again.');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('readSheetValues', () => {
  let credentialsFile: string;
  beforeAll(() => {
    credentialsFile = google.writeCredentials(dir);
  });

  const read = (ranges: string[], options: { credentialsFile?: string; tokenUrl?: string } = {}) =>
    readSheetValues(ID, ranges, {
      apiUrl: google.apiUrl,
      credentialsFile: options.credentialsFile ?? credentialsFile,
      timeoutMs: 5_000,
      ...(options.tokenUrl ? { tokenUrl: options.tokenUrl } : {}),
    });

  it('reads typed cells with a token got by a signed JWT', async () => {
    google.sheets.set(ID, {
      values: {
        Feed: [
          [' Unique_ID ', 'Reporting_Label', 'Price', 'Active', 'Start'],
          ['a-1', 'Spring', 12.5, true, '2024-03-15'],
          [],
          ['', '', '', ''],
          [2, 'Summer', '', false],
        ],
      },
    });

    const table = await read(['Feed']);

    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label', 'Price', 'Active', 'Start']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['a-1', 'Spring', 12.5, true, '2024-03-15'] },
      { row: 5, cells: [2, 'Summer', null, false, null] },
    ]);
    const [token, values] = google.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/token' });
    expect(values!.path).toBe(`/v4/spreadsheets/${ID}/values:batchGet`);
    expect(values!.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(Object.fromEntries(values!.query)).toMatchObject({
      valueRenderOption: 'UNFORMATTED_VALUE',
      dateTimeRenderOption: 'FORMATTED_STRING',
      majorDimension: 'ROWS',
    });
  });

  it('reads two ranges with one header, numbering rows from where each range starts', async () => {
    google.sheets.set(ID, {
      values: {
        'Feed!A1:B': [
          ['Unique_ID', 'Reporting_Label'],
          ['a', 'A'],
        ],
        "'Old feed'!A5:B": [['Unique_ID', 'Reporting_Label'], ['b', 'B'], ['c']],
      },
    });

    const table = await read(['Feed!A1:B', "'Old feed'!A5:B"]);

    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label']);
    expect(await rowsOf(table)).toEqual([
      { row: 2, cells: ['a', 'A'] },
      { row: 6, cells: ['b', 'B'] },
      { row: 7, cells: ['c', null] },
    ]);
    expect(google.requests.at(-1)!.query.getAll('ranges')).toEqual(['Feed!A1:B', "'Old feed'!A5:B"]);
  });

  it('takes the first row that is not empty as the header', async () => {
    google.sheets.set(ID, {
      values: { 'Feed!B3:C': [[], ['', ''], ['Unique_ID', 'Reporting_Label'], ['a', 'A']] },
    });

    const table = await read(['Feed!B3:C']);

    expect(table.columns).toEqual(['Unique_ID', 'Reporting_Label']);
    expect(await rowsOf(table)).toEqual([{ row: 6, cells: ['a', 'A'] }]);
  });

  it('refuses a second range with another header', async () => {
    google.sheets.set(ID, {
      values: {
        Feed: [['Unique_ID', 'Reporting_Label'], ['a']],
        Archive: [['Unique_ID', 'Label'], ['b']],
      },
    });

    const error = await feedError(read(['Feed', 'Archive']));

    expect(error.message).toMatch(/Archive.*same header/);
  });

  it('refuses 101 columns, naming the count', async () => {
    const header = Array.from({ length: 101 }, (_, i) => `Column ${i + 1}`);
    google.sheets.set(ID, { values: { Feed: [header, ['a']] } });

    expect((await feedError(read(['Feed']))).message).toMatch(/101 columns/);
  });

  it('reads 100 columns', async () => {
    const header = Array.from({ length: 100 }, (_, i) => `Column ${i + 1}`);
    google.sheets.set(ID, { values: { Feed: [header, ['a']] } });

    expect((await read(['Feed'])).columns).toHaveLength(100);
  });

  it('refuses a sheet without a header', async () => {
    google.sheets.set(ID, { values: { Feed: [] } });

    expect((await feedError(read(['Feed']))).message).toMatch(/no header/);
  });

  it('refuses more than 700,000 rows', async () => {
    const rows: unknown[][] = [['Unique_ID']];
    for (let i = 0; i <= 700_000; i++) rows.push([i]);
    google.sheets.set(ID, { values: { Feed: rows } });

    expect((await feedError(read(['Feed']))).message).toMatch(/more than 700,000 rows/);
  });

  it('names the service account to share the sheet with when the API answers 403', async () => {
    google.sheets.set(ID, { values: { Feed: [['Unique_ID']] }, sharedWithServiceAccount: false });

    const error = await feedError(read(['Feed']));

    expect(error.message).toContain(`share the sheet with ${google.serviceAccount.client_email}`);
  });

  it('names the service account for an unknown sheet (404)', async () => {
    const error = await feedError(read(['Feed']));

    expect(error.message).toContain(`share the sheet with ${google.serviceAccount.client_email}`);
  });

  it('passes on what Google says about a bad range', async () => {
    google.sheets.set(ID, { values: { Feed: [['Unique_ID']] } });

    expect((await feedError(read(['Nope!A1:B']))).message).toMatch(/Unable to parse range: Nope!A1:B/);
  });

  it('is refused a token for a JWT signed by another key', async () => {
    google.sheets.set(ID, { values: { Feed: [['Unique_ID'], ['a']] } });
    const otherKey = google.writeCredentials(dir, { private_key: generateServiceAccountKey().privateKey });

    const error = await feedError(read(['Feed'], { credentialsFile: otherKey }));

    expect(error.message).toContain(google.serviceAccount.client_email);
    expect(error.message).toMatch(/invalid_grant: Invalid JWT Signature/);
    expect(google.requests.map((r) => r.path)).toEqual(['/token']);
  });

  it('takes the token URL from the options over the key file', async () => {
    google.sheets.set(ID, { values: { Feed: [['Unique_ID'], ['a']] } });
    const elsewhere = google.writeCredentials(dir, { token_uri: `${google.url}/nowhere` });

    const table = await read(['Feed'], { credentialsFile: elsewhere, tokenUrl: google.tokenUrl });

    expect(await rowsOf(table)).toEqual([{ row: 2, cells: ['a'] }]);
    expect(google.requests[0]!.path).toBe('/token');
  });

  it('asks to try again when the token endpoint does not answer', async () => {
    google.sheets.set(ID, { values: { Feed: [['Unique_ID'], ['a']] } });
    const closed = await closedPort();

    const error = await feedError(read(['Feed'], { tokenUrl: `http://127.0.0.1:${closed}/token` }));

    expect(error.message).toMatch(/^Google Sheets did not answer \(.+\)\. Try again\.$/);
  });

  it('says a key that is no key cannot be used', async () => {
    const broken = google.writeCredentials(dir, { private_key: 'not a key' });

    const error = await feedError(read(['Feed'], { credentialsFile: broken }));

    expect(error.message).toMatch(/key of feeds@adstudio-test\.iam\.gserviceaccount\.com cannot be used/);
    expect(google.requests).toEqual([]);
  });

  it('says what is wrong with an unreadable key file', async () => {
    const error = await feedError(read(['Feed'], { credentialsFile: path.join(dir, 'missing.json') }));

    expect(error.message).toMatch(/GOOGLE_APPLICATION_CREDENTIALS\) cannot be read/);
  });

  it('asks to try again when the API fails (5xx)', async () => {
    google.sheets.set(ID, { values: { Feed: [['Unique_ID']] }, failWith: 500 });

    expect((await feedError(read(['Feed']))).message).toBe(
      'Google Sheets did not answer (HTTP 500). Try again.',
    );
  });
});

async function rowsOf(table: FeedTable): Promise<FeedRow[]> {
  const rows: FeedRow[] = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

/** A port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
