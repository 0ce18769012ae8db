import { createHash, generateKeyPairSync, type KeyObject, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local Google for the feed tests: the Sheets XLSX export (with its 307 to another address and
 * its sign-in page for private sheets), the OAuth token endpoint of service accounts (which checks
 * the RS256 JWT like Google does) and the Sheets API `values:batchGet`.
 */

export interface FakeSheet {
  /** The bytes the export serves (sent as they are, whatever they hold). */
  xlsx?: Buffer;
  /** Not shared by link: the export ends on Google's sign-in page, HTML with status 200. */
  private?: boolean;
  /** The API's values by range, keyed as the client asks for them (`Feed`, `Feed!A3:C`). */
  values?: Record<string, unknown[][]>;
  /** False: the API answers 403, as for a sheet not shared with the service account. */
  sharedWithServiceAccount?: boolean;
  /** Serve the export in chunks without a Content-Length, as a streamed answer. */
  chunked?: boolean;
  /** Answer every request about this sheet with this status (an outage). */
  failWith?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization?: string;
}

export interface FakeGoogle {
  url: string;
  /** For `downloadSheetExport`: `{url}/spreadsheets/d/{id}/export?format=xlsx`. */
  exportUrlTemplate: string;
  tokenUrl: string;
  apiUrl: string;
  /** The service account's JSON key; its `token_uri` points at this fake. */
  serviceAccount: ServiceAccountJson;
  /** Writes the JSON key (with `overrides`, e.g. another key) into `dir`; returns its path. */
  writeCredentials(dir: string, overrides?: Partial<ServiceAccountJson>): string;
  sheets: Map<string, FakeSheet>;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export interface ServiceAccountJson {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
}

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A new RSA key pair in the PEM form a service account JSON key holds. */
export function generateServiceAccountKey(): { privateKey: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const key = generateServiceAccountKey();
  const sheets = new Map<string, FakeSheet>();
  const requests: FakeRequest[] = [];
  const tokens = new Map<string, { email: string; expires: number }>();
  let url = '';

  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', url);
    requests.push({
      method: req.method ?? 'GET',
      path: target.pathname,
      query: target.searchParams,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    route(req, res, target).catch((error: unknown) => {
      if (!res.headersSent)
        json(res, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } });
      else res.destroy();
    });
  });

  async function route(req: http.IncomingMessage, res: http.ServerResponse, target: URL): Promise<void> {
    const { pathname } = target;
    const exportMatch = /^\/spreadsheets\/d\/([^/]+)\/export$/.exec(pathname);
    if (req.method === 'GET' && exportMatch)
      return exportSheet(res, decodeURIComponent(exportMatch[1]!), target);
    const downloadMatch = /^\/download\/([^/]+)$/.exec(pathname);
    if (req.method === 'GET' && downloadMatch) return download(res, decodeURIComponent(downloadMatch[1]!));
    if (req.method === 'GET' && pathname === '/signin') return signInPage(res);
    if (req.method === 'POST' && pathname === '/token') return issueToken(req, res);
    const valuesMatch = /^\/v4\/spreadsheets\/([^/]+)\/values:batchGet$/.exec(pathname);
    if (req.method === 'GET' && valuesMatch) {
      const id = decodeURIComponent(valuesMatch[1]!);
      return json(res, ...batchGet(req.headers.authorization, id, target.searchParams));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  }

  function exportSheet(res: http.ServerResponse, id: string, target: URL): void {
    const sheet = sheets.get(id);
    if (!sheet) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    if (sheet.failWith) return void res.writeHead(sheet.failWith).end();
    if (target.searchParams.get('format') !== 'xlsx') return void res.writeHead(400).end();
    // Google sends a private sheet's visitor on to its sign-in page; a shared one to the file.
    const location = sheet.private
      ? `${url}/signin?continue=${encodeURIComponent(target.href)}`
      : `${url}/download/${id}`;
    res.writeHead(sheet.private ? 302 : 307, { location }).end();
  }

  function download(res: http.ServerResponse, id: string): void {
    const bytes = sheets.get(id)?.xlsx;
    if (!bytes) return void res.writeHead(404).end();
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`,
    };
    if (!sheets.get(id)?.chunked) return void res.writeHead(200, headers).end(bytes);
    res.writeHead(200, headers);
    for (let at = 0; at < bytes.length; at += 16 * 1024) res.write(bytes.subarray(at, at + 16 * 1024));
    res.end();
  }

  function signInPage(res: http.ServerResponse): void {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!DOCTYPE html><html lang="en"><head><title>Google Sheets: Sign-in</title></head><body></body></html>',
      );
  }

  async function issueToken(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return json(res, 400, { error: 'invalid_request', error_description: 'Form body expected.' });
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== JWT_BEARER) {
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
    }
    const problem = checkAssertion(form.get('assertion') ?? '');
    if (problem) return json(res, 400, { error: 'invalid_grant', error_description: problem });
    const token = `ya29.fake-${randomBytes(16).toString('hex')}`;
    tokens.set(token, { email: serviceAccount.client_email, expires: Date.now() + 3600_000 });
    json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  /** What Google says about a service account's JWT, or null when it takes it. */
  function checkAssertion(assertion: string): string | null {
    const [header, payload, signature] = assertion.split('.');
    if (!header || !payload || !signature) return 'Invalid JWT.';
    const head = parseJson(Buffer.from(header, 'base64url').toString());
    if (head?.alg !== 'RS256') return 'Invalid JWT: the algorithm must be RS256.';
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      key.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return 'Invalid JWT Signature.';
    const claims = parseJson(Buffer.from(payload, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    if (claims?.iss !== serviceAccount.client_email) return 'Invalid issuer.';
    if (claims.aud !== tokenUrl) return `Invalid JWT: audience must be ${tokenUrl}.`;
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(SCOPE)) return 'Invalid scope.';
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number') return 'Invalid JWT: iat and exp are required.';
    if (iat > now + 60 || exp <= now || exp - iat > 3600) {
      return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
    }
    return null;
  }

  /** The API's answer: status and JSON body. */
  function batchGet(
    authorization: string | undefined,
    id: string,
    query: URLSearchParams,
  ): [number, unknown] {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const grant = bearer ? tokens.get(bearer) : undefined;
    if (!grant || grant.expires < Date.now()) {
      return apiError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    }
    const sheet = sheets.get(id);
    if (!sheet) return apiError(404, 'Requested entity was not found.', 'NOT_FOUND');
    if (sheet.failWith)
      return apiError(sheet.failWith, 'The service is currently unavailable.', 'UNAVAILABLE');
    if (sheet.sharedWithServiceAccount === false) {
      return apiError(403, 'The caller does not have permission', 'PERMISSION_DENIED');
    }
    if (query.get('majorDimension') !== 'ROWS') return apiError(400, 'Only ROWS here.', 'INVALID_ARGUMENT');
    const valueRanges = [];
    for (const range of query.getAll('ranges')) {
      const values = sheet.values?.[range];
      if (!values) return apiError(400, `Unable to parse range: ${range}`, 'INVALID_ARGUMENT');
      valueRanges.push({ range: answeredRange(range, values), majorDimension: 'ROWS', values });
    }
    return [200, { spreadsheetId: id, valueRanges }];
  }

  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenUrl = `${url}/token`;
  const serviceAccount: ServiceAccountJson = {
    type: 'service_account',
    project_id: 'adstudio-test',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: key.privateKey,
    client_email: 'feeds@adstudio-test.iam.gserviceaccount.com',
    client_id: '100000000000000000001',
    auth_uri: `${url}/o/oauth2/auth`,
    token_uri: tokenUrl,
  };
  let written = 0;

  return {
    url,
    exportUrlTemplate: `${url}/spreadsheets/d/{id}/export?format=xlsx`,
    tokenUrl,
    apiUrl: url,
    serviceAccount,
    writeCredentials(dir, overrides = {}) {
      const file = path.join(dir, `service-account-${++written}.json`);
      fs.writeFileSync(file, JSON.stringify({ ...serviceAccount, ...overrides }, null, 2));
      return file;
    },
    sheets,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The range as Google names it in the answer: always with its tab and a start cell. */
function answeredRange(range: string, values: unknown[][]): string {
  if (range.includes('!')) return range;
  const tab = /^[A-Za-z0-9_]+$/.test(range) ? range : `'${range.replaceAll("'", "''")}'`;
  return `${tab}!A1:Z${Math.max(values.length, 1000)}`;
}

function apiError(code: number, message: string, status: string): [number, unknown] {
  return [code, { error: { code, message, status } }];
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
