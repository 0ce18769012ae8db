import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { JWT } from 'google-auth-library';
import { parseA1Range } from '../a1-range';
import { createRowShaper, type Header, isBlank, noHeader, readHeader, type SourceRow } from '../feed-header';
import { type Cell, FeedError, type FeedTable } from '../feed-table';

/** Google's own addresses, for configuration defaults (docs/design.md §10). */
export const SHEETS_DEFAULTS = {
  exportUrlTemplate: 'https://docs.google.com/spreadsheets/d/{id}/export?format=xlsx',
  apiUrl: 'https://sheets.googleapis.com',
  tokenUrl: 'https://oauth2.googleapis.com/token',
} as const;

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';
const ID = /^[A-Za-z0-9_-]{25,}$/;

/**
 * The spreadsheet id (and tab, when the link names one) in a Sheets link or a bare id, or null.
 * Links of a sheet "published to the web" (`/spreadsheets/d/e/{id}/pubhtml`) are refused: their
 * id is another one, which neither the export endpoint nor the API takes.
 */
export function parseSheetRef(input: string): { gsheetId: string; gid?: string } | null {
  const text = input.trim();
  if (ID.test(text)) return { gsheetId: text };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.hostname !== 'docs.google.com') return null;
  const match = /^\/spreadsheets(?:\/u\/\d+)?\/d\/([^/]+)(?:\/|$)/.exec(url.pathname);
  const gsheetId = match?.[1];
  if (!gsheetId || !ID.test(gsheetId)) return null; // `/d/e/…` lands here: "e" is no id
  // `edit#gid=0`, `edit?gid=0#gid=0` and `#gid=0&range=A1` all occur.
  const gid = new URLSearchParams(url.hash.slice(1)).get('gid') ?? url.searchParams.get('gid');
  return gid && /^\d+$/.test(gid) ? { gsheetId, gid } : { gsheetId };
}

const NOT_SHARED =
  'The sheet is not shared: set its sharing to "Anyone with the link can view", or use a service account.';

/**
 * Streams a link-shared sheet's XLSX export into `file`. Google answers a private sheet with its
 * sign-in page and status 200, so an HTML answer counts as "not shared" whatever its status.
 * `timeoutMs` bounds the whole download; a partial file is removed when it fails.
 */
export async function downloadSheetExport(
  gsheetId: string,
  file: string,
  options: { exportUrlTemplate: string; maxBytes: number; timeoutMs: number },
): Promise<{ revision?: string }> {
  const url = options.exportUrlTemplate.replaceAll('{id}', encodeURIComponent(gsheetId));
  let response: Response;
  try {
    // The template is the operator's configuration, not user input: no SSRF guard. Google answers
    // 307 to a googleusercontent.com host, which fetch follows.
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw notAnswered(error, options.timeoutMs);
  }
  const refusal = exportRefusal(response, options.maxBytes);
  if (refusal) {
    await response.body?.cancel().catch(() => {});
    throw refusal;
  }
  try {
    await pipeline(
      // fetch's stream type differs between the DOM and Node typings some projects load; it is Node's.
      response.body ? Readable.fromWeb(response.body as NodeReadableStream) : Readable.from([]),
      (source: AsyncIterable<Buffer>) => checkedBytes(source, options.maxBytes),
      createWriteStream(file),
    );
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof FeedError || isFileSystemError(error)) throw error;
    throw notAnswered(error, options.timeoutMs);
  }
  const revision = response.headers.get('etag') ?? response.headers.get('last-modified');
  return revision ? { revision } : {};
}

function exportRefusal(response: Response, maxBytes: number): FeedError | null {
  const { status } = response;
  if (status === 401 || status === 403 || status === 404) return new FeedError(NOT_SHARED);
  if (status === 429 || status >= 500) return notAnswered(`HTTP ${status}`);
  if (status < 200 || status >= 300) {
    return new FeedError(`Google Sheets refused the export (HTTP ${status}). Check the sheet's link.`);
  }
  if (/^\s*text\/html/i.test(response.headers.get('content-type') ?? '')) return new FeedError(NOT_SHARED);
  if (Number(response.headers.get('content-length')) > maxBytes) return tooLarge(maxBytes);
  return null;
}

/** What reaches the file: at most `maxBytes`, and not an HTML page sent as something else. */
async function* checkedBytes(source: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Buffer> {
  const sniffBytes = 512;
  let total = 0;
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (!head) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < sniffBytes) continue;
    if (looksLikeHtml(head)) throw new FeedError(NOT_SHARED);
    yield head;
    head = null;
  }
  if (head) {
    if (looksLikeHtml(head)) throw new FeedError(NOT_SHARED);
    yield head;
  }
}

function looksLikeHtml(head: Buffer): boolean {
  // latin1 keeps one character per byte, so a UTF-8 byte order mark reads as these three.
  return /^(\xEF\xBB\xBF)?\s*<(!doctype|html[\s>])/i.test(head.toString('latin1'));
}

function tooLarge(maxBytes: number): FeedError {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / (1024 * 1024))} MB`
      : `${Math.ceil(maxBytes / 1024)} KB`;
  return new FeedError(`The sheet's export is larger than ${size}: split it into smaller sheets.`);
}

/**
 * Reads ranges of a sheet shared with the service account in `credentialsFile` through the Sheets
 * API. The first range's first non-empty row is the header; the other ranges must start with the
 * same one. Rows are numbered as the sheet numbers them, from where each range starts.
 */
export async function readSheetValues(
  gsheetId: string,
  ranges: string[],
  options: { apiUrl: string; credentialsFile: string; tokenUrl?: string; timeoutMs: number },
): Promise<FeedTable> {
  if (ranges.length === 0) {
    throw new FeedError('Name the range to read: a tab name such as "Feed", or a range such as "Feed!A1:Z".');
  }
  const account = await readServiceAccount(options.credentialsFile);
  const token = await accessToken(account, options.tokenUrl ?? account.tokenUrl, options.timeoutMs);

  const url = new URL(
    `${options.apiUrl.replace(/\/+$/, '')}/v4/spreadsheets/${encodeURIComponent(gsheetId)}/values:batchGet`,
  );
  for (const range of ranges) url.searchParams.append('ranges', range);
  url.searchParams.set('valueRenderOption', 'UNFORMATTED_VALUE');
  url.searchParams.set('dateTimeRenderOption', 'FORMATTED_STRING');
  url.searchParams.set('majorDimension', 'ROWS');

  let answer: BatchGetAnswer;
  let revision: string | null;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw await apiRefusal(response, account.email);
    revision = response.headers.get('etag');
    // Parsed whole: a spreadsheet holds at most 10 million cells, so the answer stays within about
    // 100 MB of JSON, which the sync can afford once; a streaming JSON parser is not worth it here.
    answer = (await response.json()) as BatchGetAnswer;
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (error instanceof SyntaxError) {
      throw new FeedError('Google Sheets sent an unreadable answer. Try again.');
    }
    throw notAnswered(error, options.timeoutMs);
  }
  return toFeedTable(ranges, answer.valueRanges ?? [], revision ?? undefined);
}

interface ServiceAccount {
  email: string;
  key: string;
  tokenUrl: string;
}

async function readServiceAccount(file: string): Promise<ServiceAccount> {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new FeedError(
      `The service account file (GOOGLE_APPLICATION_CREDENTIALS) cannot be read: ${reason(error)}. Ask an administrator to check it.`,
    );
  }
  const { client_email: email, private_key: key, token_uri: tokenUrl } = json ?? {};
  if (typeof email !== 'string' || typeof key !== 'string') {
    throw new FeedError(
      'The service account file (GOOGLE_APPLICATION_CREDENTIALS) has no client_email or private_key: download a new JSON key for the account.',
    );
  }
  return { email, key, tokenUrl: typeof tokenUrl === 'string' ? tokenUrl : SHEETS_DEFAULTS.tokenUrl };
}

/**
 * google-auth-library 10 ignores the key file's `token_uri`: it signs the JWT for, and posts it
 * to, Google's token URL. So the audience is set as a claim and the request is redirected by an
 * interceptor; with Google's own URL both are what the library does anyway.
 */
async function accessToken(account: ServiceAccount, tokenUrl: string, timeoutMs: number): Promise<string> {
  const client = new JWT({
    email: account.email,
    key: account.key,
    scopes: [SCOPE],
    additionalClaims: { aud: tokenUrl },
    transporterOptions: { timeout: timeoutMs },
  });
  client.transporter.interceptors.request.add({
    resolved: async (config) => {
      if (config.url.href === SHEETS_DEFAULTS.tokenUrl) config.url = new URL(tokenUrl);
      return config;
    },
  });
  try {
    const { token } = await client.getAccessToken();
    if (!token) throw new Error('no access token in the answer');
    return token;
  } catch (error) {
    const { response } = error as { response?: { status?: number; data?: Record<string, unknown> } };
    const status = response?.status;
    // gaxios's errors carry the request's `config`; any other one came from signing the JWT.
    if (!(error instanceof Error && 'config' in error)) {
      throw new FeedError(
        `The service account key of ${account.email} cannot be used (${reason(error)}): download a new JSON key for the account.`,
      );
    }
    if (status === undefined || status === 429 || status >= 500) throw notAnswered(error, timeoutMs);
    const said = [response?.data?.error, response?.data?.error_description].filter(Boolean).join(': ');
    throw new FeedError(
      `Google refused the service account ${account.email} (${said || `HTTP ${status}`}): its key may be deleted or belong to another account. Download a new JSON key for it.`,
    );
  }
}

async function apiRefusal(response: Response, email: string): Promise<FeedError> {
  const { status } = response;
  const message = await response
    .json()
    .then((body) => (body as { error?: { message?: string } } | null)?.error?.message)
    .catch(() => undefined);
  if (status === 403 || status === 404) {
    return new FeedError(
      `The service account cannot read this sheet: share the sheet with ${email} (Viewer is enough) and check its link.`,
    );
  }
  if (status === 429 || status >= 500) return notAnswered(`HTTP ${status}`);
  return new FeedError(
    `Google Sheets refused to read the sheet (HTTP ${status}${message ? `: ${message}` : ''}). Check the ranges.`,
  );
}

interface ValueRange {
  range?: string;
  values?: unknown[][];
}

interface BatchGetAnswer {
  valueRanges?: ValueRange[];
}

function toFeedTable(requested: string[], valueRanges: ValueRange[], revision?: string): FeedTable {
  let header: Header | undefined;
  let shape: ReturnType<typeof createRowShaper> | undefined;
  const rows: SourceRow[] = [];
  valueRanges.forEach((valueRange, index) => {
    const range = valueRange.range ?? requested[index] ?? '';
    const firstRow = parseA1Range(range).startRow;
    const values = (valueRange.values ?? []) as Cell[][];
    // As in the XLSX and CSV readers, the header is the first row that is not empty.
    const headerAt = values.findIndex((cells) => !cells.every(isBlank));
    if (headerAt < 0) return;
    const rangeHeader = readHeader(values[headerAt]!);
    if (!header) {
      header = rangeHeader;
      shape = createRowShaper(header);
    } else {
      checkSameHeader(header, rangeHeader, requested[0], range);
    }
    for (let i = headerAt + 1; i < values.length; i++) {
      const row = shape!(firstRow + i, values[i]!.map(toCell));
      if (row) rows.push(row);
    }
  });
  if (!header) throw noHeader();
  return { columns: header.columns, rows: iterate(rows), ...(revision ? { revision } : {}) };
}

function checkSameHeader(first: Header, other: Header, firstRange: string | undefined, range: string): void {
  const at = first.columns.findIndex(
    (name, i) => other.columns[i] !== name || other.sources[i] !== first.sources[i],
  );
  if (at < 0 && other.columns.length === first.columns.length) return;
  const where =
    at < 0
      ? `it has ${other.columns.length} columns instead of ${first.columns.length}`
      : `"${first.columns[at]}" is not where ${firstRange} has it`;
  throw new FeedError(
    `The range ${range} does not have the header of ${firstRange}: ${where}. Give every range the same header row.`,
  );
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

async function* iterate(rows: SourceRow[]): AsyncGenerator<SourceRow> {
  yield* rows;
}

function notAnswered(error: unknown, timeoutMs?: number): FeedError {
  const what =
    typeof error === 'string'
      ? error
      : isTimeout(error) && timeoutMs !== undefined
        ? `no answer within ${Number((timeoutMs / 1000).toFixed(1))} s`
        : reason(error);
  return new FeedError(`Google Sheets did not answer (${what}). Try again.`);
}

/** A timeout as fetch reports it, or as gaxios wraps it (in `cause`, or as a `code`). */
function isTimeout(error: unknown): boolean {
  const { name, code, cause } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    cause?: { name?: unknown };
  };
  return [name, code, cause?.name].some((what) => what === 'TimeoutError' || what === 'AbortError');
}

/** A fault of the local file (a missing folder, a full disk), not of Google: passed on as it is. */
function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error && 'path' in error;
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}
