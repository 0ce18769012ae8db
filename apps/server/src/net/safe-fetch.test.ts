import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ResolvedAddress,
  SafeFetchError,
  type SafeFetchOptions,
  safeFetch,
  safeFetchToFile,
} from './safe-fetch';

// A self-signed certificate for localhost / feed.example / 127.0.0.1 (valid until 2126) that no CA vouches for.
const TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgbecI5UbnTriU1yNJ
gfqrnpEUkLTttzrMl3IBlMrKdpmhRANCAATqKXsHXOuHIx7KpV3AFZexFd4ayS5F
gnfa3me7O/nE/GSjBvU/vg1bw2rU07wD1cj0J/pUv+RajMpdLbFY8OeJ
-----END PRIVATE KEY-----`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBqTCCAU+gAwIBAgIUZ9r7QmifPUpiuwDzQNnbOSjTT1EwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMTE1Mzg0MVoYDzIxMjYxMDI4
MTUzODQxWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATqKXsHXOuHIx7KpV3AFZexFd4ayS5Fgnfa3me7O/nE/GSjBvU/vg1b
w2rU07wD1cj0J/pUv+RajMpdLbFY8OeJo30wezAdBgNVHQ4EFgQUc84sKptdOBNv
28PxmI6pA+emvCAwHwYDVR0jBBgwFoAUc84sKptdOBNv28PxmI6pA+emvCAwDwYD
VR0TAQH/BAUwAwEB/zAoBgNVHREEITAfgglsb2NhbGhvc3SCDGZlZWQuZXhhbXBs
ZYcEfwAAATAKBggqhkjOPQQDAgNIADBFAiBRPu5eoqFuGaKn+PWKYm0sUdQZRSDq
zNwGF0EPAlIMMwIhAOmj+ygbtrmmzpiS7LCnhVo4KuH3I6zCuNR1u8F+jSkz
-----END CERTIFICATE-----`,
};

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface TestServer {
  port: number;
  /** `path` of every request the server saw. */
  seen: string[];
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

const servers: TestServer[] = [];

async function serve(handler: Handler, tls = false): Promise<TestServer> {
  const seen: string[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? '');
    headers.push(req.headers);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString()));
  };
  const server = tls ? https.createServer(TLS, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const testServer: TestServer = {
    port: (server.address() as AddressInfo).port,
    seen,
    headers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The DNS edge we do not own: a fixed table instead of the system resolver. */
function fakeDns(table: Record<string, string[]>) {
  return async (hostname: string): Promise<ResolvedAddress[]> => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) as 4 | 6 }));
  };
}

const base: SafeFetchOptions = { timeoutMs: 3000, maxBytes: 1024 * 1024 };

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SafeFetchError)) throw new Error(`expected a SafeFetchError, got ${String(error)}`);
  return error;
}

const hello: Handler = (_req, res) => res.end('hello');

describe('address checks', () => {
  it('refuses loopback without an allow-list, before connecting', async () => {
    const server = await serve(hello);
    const error = await failure(safeFetch(`http://127.0.0.1:${server.port}/`, base));
    expect(error.code).toBe('blocked');
    expect(error.message).toContain('127.0.0.1');
    expect(server.seen).toEqual([]);
  });

  it.each([
    ['decimal', 'http://2130706433:PORT/'],
    ['hex and short', 'http://0x7f.1:PORT/'],
    ['octal', 'http://017700000001:PORT/'],
    ['short', 'http://127.1:PORT/'],
    ['zero', 'http://0.0.0.0:PORT/'],
    ['IPv6 loopback', 'http://[::1]:PORT/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:PORT/'],
    ['IPv4-mapped IPv6 in hex', 'http://[::ffff:7f00:1]:PORT/'],
    ['NAT64', 'http://[64:ff9b::127.0.0.1]:PORT/'],
    ['trailing dot', 'http://127.0.0.1.:PORT/'],
  ])('refuses a literal loopback written as %s', async (_form, url) => {
    const server = await serve(hello);
    const error = await failure(safeFetch(url.replace('PORT', String(server.port)), base));
    expect(error.code).toBe('blocked');
    expect(server.seen).toEqual([]);
  });

  it('refuses a name that resolves to loopback', async () => {
    const server = await serve(hello);
    const lookup = fakeDns({ 'feed.example': ['127.0.0.1'] });
    const error = await failure(safeFetch(`http://feed.example:${server.port}/`, { ...base, lookup }));
    expect(error).toMatchObject({ code: 'blocked', message: expect.stringContaining('feed.example') });
    expect(error.message).not.toContain('127.0.0.1');
    expect(server.seen).toEqual([]);
  });

  it('refuses a name when any one of its addresses is internal', async () => {
    const server = await serve(hello);
    const lookup = fakeDns({ 'mixed.example': ['93.184.216.34', '127.0.0.1'] });
    const error = await failure(safeFetch(`http://mixed.example:${server.port}/`, { ...base, lookup }));
    expect(error.code).toBe('blocked');
    expect(server.seen).toEqual([]);
  });

  it('opens an allowed IP, also when written another way or reached by name', async () => {
    const server = await serve(hello);
    const lookup = fakeDns({ 'feed.example': ['127.0.0.1'] });
    const allowHosts = ['127.0.0.1'];
    for (const host of ['127.0.0.1', '0x7f.1', '2130706433', 'feed.example']) {
      const response = await safeFetch(`http://${host}:${server.port}/`, { ...base, allowHosts, lookup });
      expect(response.body.toString()).toBe('hello');
    }
    expect(server.seen).toHaveLength(4);
  });

  it('opens an allowed name case-insensitively, and nothing else', async () => {
    const server = await serve(hello);
    const lookup = fakeDns({ 'feed.example': ['127.0.0.1'], 'other.example': ['127.0.0.1'] });
    const options = { ...base, allowHosts: ['FEED.Example'], lookup };
    const response = await safeFetch(`http://feed.example:${server.port}/x?y=1`, options);
    expect(response).toMatchObject({
      status: 200,
      redirects: 0,
      url: `http://feed.example:${server.port}/x?y=1`,
    });
    expect((await failure(safeFetch(`http://other.example:${server.port}/`, options))).code).toBe('blocked');
    expect((await failure(safeFetch(`http://127.0.0.1:${server.port}/`, options))).code).toBe('blocked');
    expect(server.seen).toEqual(['/x?y=1']);
  });

  it('resolves once per connection, so the checked answer is the one connected to', async () => {
    const server = await serve(hello);
    const answers = [['127.0.0.1'], ['10.0.0.5']];
    const calls: string[] = [];
    const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
      calls.push(hostname);
      return (answers.shift() ?? []).map((address) => ({ address, family: 4 }));
    };
    const response = await safeFetch(`http://rebind.example:${server.port}/`, {
      ...base,
      allowHosts: ['127.0.0.1'],
      lookup,
    });
    expect(response.status).toBe(200);
    expect(calls).toEqual(['rebind.example']);
  });

  it('does not let an allowed IP open its neighbours', async () => {
    const server = await serve(hello);
    const error = await failure(
      safeFetch(`http://127.0.0.1:${server.port}/`, { ...base, allowHosts: ['127.0.0.2', 'localhost'] }),
    );
    expect(error.code).toBe('blocked');
  });

  it('reports a name that does not resolve', async () => {
    expect(
      (
        await failure(
          safeFetch('http://empty.example/', { ...base, lookup: fakeDns({ 'empty.example': [] }) }),
        )
      ).code,
    ).toBe('dns');
    const lookup = fakeDns({});
    const error = await failure(safeFetch('http://nowhere.example/', { ...base, lookup }));
    expect(error).toMatchObject({ code: 'dns', message: 'nowhere.example cannot be reached from here' });
  });

  it('tells the user the same of an internal name and of one that does not resolve; the log gets the reason', async () => {
    const logged: { host: string; code: string; detail: string }[] = [];
    const lookup = fakeDns({ 'db.corp.example': ['10.1.2.3'], 'ok.example': ['93.184.216.34'] });
    const options = { ...base, lookup, log: (entry: (typeof logged)[number]) => logged.push(entry) };
    const internal = await failure(safeFetch('http://db.corp.example/', options));
    const missing = await failure(safeFetch('http://no-such.corp.example/', options));
    const literal = await failure(safeFetch('http://10.1.2.3/', options));
    const messages = [internal, missing, literal].map((e) => e.message.replace(/^\S+ /, '<host> '));
    expect(new Set(messages)).toEqual(new Set(['<host> cannot be reached from here']));
    expect(internal.message).not.toMatch(/internal|resolve|10\.1/);
    expect(logged).toEqual([
      { host: 'db.corp.example', code: 'blocked', detail: 'refused: internal address (10.1.2.3)' },
      { host: 'no-such.corp.example', code: 'dns', detail: expect.stringMatching(/^no DNS answer/) },
      { host: '10.1.2.3', code: 'blocked', detail: 'refused: internal address (10.1.2.3)' },
    ]);
  });

  it.each([
    ['not a url', 'bad_url'],
    ['/relative', 'bad_url'],
    ['file:///etc/passwd', 'bad_scheme'],
    ['ftp://feed.example/feed.csv', 'bad_scheme'],
    ['javascript:alert(1)', 'bad_scheme'],
    ['gopher://feed.example:70/', 'bad_scheme'],
  ])('refuses %s', async (url, code) => {
    expect((await failure(safeFetch(url, base))).code).toBe(code);
  });
});

describe('redirects', () => {
  const lookup = fakeDns({
    'feed.example': ['127.0.0.1'],
    'other.example': ['127.0.0.1'],
    'evil.example': ['10.0.0.5'],
    'rebind.example': ['127.0.0.1'],
    'mixed.example': ['93.184.216.34', '127.0.0.1'],
  });
  const allowHosts = ['feed.example', 'other.example'];

  async function redirector(to: (path: string) => string, status = 302) {
    return serve((req, res) => {
      const location = to(req.url ?? '/');
      if (location) res.writeHead(status, { location }).end();
      else res.end(`${req.method} ${req.url}`);
    });
  }

  it('follows a redirect and reports the final URL', async () => {
    const target = await serve(hello);
    const start = await redirector((p) => (p === '/' ? `http://other.example:${target.port}/landing` : ''));
    const response = await safeFetch(`http://feed.example:${start.port}/`, { ...base, allowHosts, lookup });
    expect(response).toMatchObject({
      status: 200,
      redirects: 1,
      url: `http://other.example:${target.port}/landing`,
    });
    expect(response.body.toString()).toBe('hello');
  });

  it.each([
    ['a private address', 'evil.example'],
    ['a name that resolves to loopback', 'rebind.example'],
    ['a name with one public and one private address', 'mixed.example'],
    ['a literal loopback', '127.0.0.1'],
    ['a literal loopback in decimal', '2130706433'],
  ])('refuses a redirect to %s before connecting', async (_what, host) => {
    const second = await serve(hello);
    const first = await redirector(() => `http://${host}:${second.port}/inside`);
    const error = await failure(
      safeFetch(`http://feed.example:${first.port}/`, { ...base, allowHosts, lookup }),
    );
    expect(error.code).toBe('blocked');
    expect(first.seen).toEqual(['/']);
    expect(second.seen).toEqual([]);
  });

  it.each(['file:///etc/passwd', 'ftp://feed.example/feed.csv', 'data:text/plain,hi'])(
    'refuses a redirect to %s',
    async (location) => {
      const server = await redirector(() => location);
      const error = await failure(
        safeFetch(`http://feed.example:${server.port}/`, { ...base, allowHosts, lookup }),
      );
      expect(error.code).toBe('bad_scheme');
    },
  );

  it('follows at most 3 redirects', async () => {
    // /hop/N redirects to /hop/N-1; /hop/0 answers.
    const server = await redirector((p) => {
      const left = Number(p.split('/')[2]);
      return left > 0 ? `/hop/${left - 1}` : '';
    }, 301);
    const options = { ...base, allowHosts, lookup };
    const three = await safeFetch(`http://feed.example:${server.port}/hop/3`, options);
    expect(three).toMatchObject({ status: 200, redirects: 3 });
    server.seen.length = 0;

    const error = await failure(safeFetch(`http://feed.example:${server.port}/hop/4`, options));
    expect(error.code).toBe('too_many_redirects');
    expect(server.seen).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);

    const one = await failure(
      safeFetch(`http://feed.example:${server.port}/hop/2`, { ...options, maxRedirects: 1 }),
    );
    expect(one.code).toBe('too_many_redirects');
  });

  it('drops caller headers when a redirect leaves the origin, and keeps them within it', async () => {
    const target = await serve(hello);
    const start = await redirector((p) =>
      p === '/away' ? `http://other.example:${target.port}/landing` : p === '/stay' ? '/here' : '',
    );
    const headers = { Authorization: 'Bearer secret', Cookie: 'session=1', 'X-Api-Key': 'key' };
    const options = { ...base, allowHosts, lookup, headers };

    await safeFetch(`http://feed.example:${start.port}/away`, options);
    expect(start.headers[0]).toMatchObject({
      authorization: 'Bearer secret',
      cookie: 'session=1',
      'x-api-key': 'key',
    });
    expect(target.headers[0]).not.toHaveProperty('authorization');
    expect(target.headers[0]).not.toHaveProperty('cookie');
    expect(target.headers[0]).not.toHaveProperty('x-api-key');
    expect(target.headers[0]?.['user-agent']).toBe('Adstudio/1 (+feeds)');

    await safeFetch(`http://feed.example:${start.port}/stay`, options);
    expect(start.headers[2]).toMatchObject({ authorization: 'Bearer secret', 'x-api-key': 'key' });
  });

  it('drops credentials from the URL on a cross-origin redirect and from the reported URL', async () => {
    const target = await serve(hello);
    const start = await redirector((p) => (p === '/' ? `http://other.example:${target.port}/` : ''));
    const response = await safeFetch(`http://user:pa%20ss@feed.example:${start.port}/`, {
      ...base,
      allowHosts,
      lookup,
    });
    expect(start.headers[0]?.authorization).toBe(`Basic ${Buffer.from('user:pa ss').toString('base64')}`);
    expect(target.headers[0]).not.toHaveProperty('authorization');
    expect(response.url).not.toContain('user');
  });

  it.each([
    [303, 'GET /echo '],
    [302, 'GET /echo '],
    [307, 'POST /echo {"q":1}'],
    [308, 'POST /echo {"q":1}'],
  ])('after a POST, %i gives %j', async (status, expected) => {
    const server = await serve((req, res, body) => {
      if (req.url === '/echo') res.end(`${req.method} ${req.url} ${body}`);
      else res.writeHead(status, { location: '/echo' }).end();
    });
    const response = await safeFetch(`http://feed.example:${server.port}/`, {
      ...base,
      allowHosts,
      lookup,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"q":1}',
    });
    expect(response.body.toString()).toBe(expected);
    expect(server.headers[1]?.['content-type']).toBe(
      expected.startsWith('GET') ? undefined : 'application/json',
    );
  });
});

describe('limits', () => {
  const lookup = fakeDns({ 'feed.example': ['127.0.0.1'] });
  const options = { ...base, allowHosts: ['feed.example'], lookup };
  const text = 'id,name\n1,hello feed\n'.repeat(200);
  const bomb = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024));

  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await serve((req, res) => {
      switch (req.url) {
        case '/hang':
          return;
        case '/drip': {
          res.writeHead(200);
          const timer = setInterval(() => res.write('x'), 20);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/big':
          return res.end(Buffer.alloc(5000, 'a'));
        case '/big-chunked':
          for (let i = 0; i < 10; i++) res.write(Buffer.alloc(500, 'a'));
          return res.end();
        case '/bomb':
          return res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
        case '/gzip':
          return res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(text));
        case '/br':
          return res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync(text));
        case '/deflate':
          return res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync(text));
        case '/broken-gzip':
          return res.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all');
        default:
          return res.writeHead(200, { 'content-type': 'text/csv' }).end(text);
      }
    });
    servers.splice(servers.indexOf(server), 1);
    url = `http://feed.example:${server.port}`;
  });
  afterAll(() => server.close());

  it.each(['/hang', '/drip'])('gives up on %s at the deadline', async (path) => {
    const started = Date.now();
    const error = await failure(safeFetch(`${url}${path}`, { ...options, timeoutMs: 300 }));
    expect(error).toMatchObject({ code: 'timeout', message: expect.stringContaining('feed.example') });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts DNS against the deadline', async () => {
    const never = () => new Promise<ResolvedAddress[]>(() => undefined);
    const error = await failure(safeFetch(`${url}/`, { ...options, lookup: never, timeoutMs: 200 }));
    expect(error.code).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(safeFetch(`${url}/hang`, { ...options, signal: controller.signal }));
    expect(error.code).toBe('aborted');
  });

  it.each(['/big', '/big-chunked', '/bomb'])('caps the body of %s', async (path) => {
    const error = await failure(safeFetch(`${url}${path}`, { ...options, maxBytes: 1000 }));
    expect(error).toMatchObject({ code: 'too_large', message: expect.stringContaining('feed.example') });
  });

  it('allows a body of exactly maxBytes', async () => {
    const response = await safeFetch(`${url}/big`, { ...options, maxBytes: 5000 });
    expect(response.body.length).toBe(5000);
  });

  it.each(['/gzip', '/br', '/deflate'])('decodes %s and caps the decoded size', async (path) => {
    const response = await safeFetch(`${url}${path}`, options);
    expect(response.body.toString()).toBe(text);
    expect(response.headers).not.toHaveProperty('content-encoding');
    expect(server.headers.at(-1)?.['accept-encoding']).toBe('gzip, br, deflate');

    const error = await failure(safeFetch(`${url}${path}`, { ...options, maxBytes: text.length - 1 }));
    expect(error.code).toBe('too_large');
  });

  it('reports a body that does not decode', async () => {
    const error = await failure(safeFetch(`${url}/broken-gzip`, options));
    expect(error.code).toBe('network');
  });

  it('refuses invalid header names', async () => {
    const error = await failure(safeFetch(`${url}/`, { ...options, headers: { 'bad header': 'x' } }));
    expect(error.code).toBe('bad_header');
  });
});

describe('https', () => {
  it('verifies certificates', async () => {
    const server = await serve(hello, true);
    const lookup = fakeDns({ 'feed.example': ['127.0.0.1'] });
    const error = await failure(
      safeFetch(`https://feed.example:${server.port}/`, { ...base, allowHosts: ['feed.example'], lookup }),
    );
    expect(error).toMatchObject({ code: 'network', message: expect.stringContaining('certificate') });
    expect(server.seen).toEqual([]);
  });
});

describe('safeFetchToFile', () => {
  const lookup = fakeDns({ 'feed.example': ['127.0.0.1'] });
  const options = { ...base, allowHosts: ['feed.example'], lookup };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'safe-fetch-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('streams the decoded body to the file', async () => {
    const text = 'a,b\n'.repeat(10_000);
    const server = await serve((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(text)),
    );
    const file = path.join(dir, 'ok.csv');
    const response = await safeFetchToFile(`http://feed.example:${server.port}/`, file, options);
    expect(response).toMatchObject({ status: 200, size: text.length });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('leaves no file behind when the body is too large', async () => {
    const server = await serve((_req, res) => {
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(64 * 1024));
      res.end();
    });
    const file = path.join(dir, 'big.csv');
    const error = await failure(
      safeFetchToFile(`http://feed.example:${server.port}/`, file, { ...options, maxBytes: 100_000 }),
    );
    expect(error.code).toBe('too_large');
    expect(existsSync(file)).toBe(false);
  });

  it('leaves no file behind when the body stalls', async () => {
    const server = await serve((_req, res) => res.write('a,b\n'));
    const file = path.join(dir, 'stalled.csv');
    const error = await failure(
      safeFetchToFile(`http://feed.example:${server.port}/`, file, { ...options, timeoutMs: 300 }),
    );
    expect(error.code).toBe('timeout');
    expect(existsSync(file)).toBe(false);
  });

  it('throws disk errors as they are', async () => {
    const server = await serve(hello);
    const file = path.join(dir, 'missing', 'feed.csv');
    const error = await safeFetchToFile(`http://feed.example:${server.port}/`, file, options).catch((e) => e);
    expect(error).not.toBeInstanceOf(SafeFetchError);
    expect(error).toMatchObject({ code: 'ENOENT' });
  });

  it('does not touch the file when the request is refused', async () => {
    const file = path.join(dir, 'existing.csv');
    writeFileSync(file, 'old');
    const error = await failure(safeFetchToFile('http://127.0.0.1/', file, base));
    expect(error.code).toBe('blocked');
    expect(readFileSync(file, 'utf8')).toBe('old');
  });
});
