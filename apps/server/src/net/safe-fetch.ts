import { promises as dns } from 'node:dns';
import { type FileHandle, open, rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { traceOutgoing } from '../lib/tracing';
import { type AddressPolicy, addressPolicy, unbracket } from './blocked-addresses';
import { ByteCap, decodersFor, responseHeaders, tooLarge } from './response-body';
import { asSafeFetchError, type RefusalLog, SafeFetchError, unreachable } from './safe-fetch-error';

export { isBlockedAddress } from './blocked-addresses';
export {
  type RefusalLog,
  refusalLogOn,
  SafeFetchError,
  type SafeFetchErrorCode,
  unreachableMessage,
} from './safe-fetch-error';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange: DNS, connects, redirects and the body. */
  timeoutMs: number;
  /** Cap on the decompressed body; over it → SafeFetchError('too_large'). */
  maxBytes: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Host names (case-insensitive, exact) or IP addresses that skip the address check. */
  allowHosts?: readonly string[];
  /** Default: the system resolver. Tests inject a fake one. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  signal?: AbortSignal;
  /** Where the reason of an unreachable host goes (the server log): the user is not told it. */
  log?: RefusalLog;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  /** The final URL, without credentials. */
  url: string;
  redirects: number;
  timeMs: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Adstudio/1 (+feeds)';
// Framing and connection headers are ours to set: a caller's keep-alive, length or Host must not win.
const MANAGED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'transfer-encoding',
  'content-length',
  'accept-encoding',
]);
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);
/** Fetches a user-given URL into memory, refusing internal addresses at every hop. */
export async function safeFetch(
  url: string,
  options: SafeFetchOptions,
): Promise<SafeResponse & { body: Buffer }> {
  return exchange(url, options, async (body, signal) => {
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await pipeline([...body, collect], { signal });
    return { body: Buffer.concat(chunks) };
  });
}

/**
 * Streams a user-given URL into `file` (created or truncated once a final response arrives) and removes
 * it on any later failure. Disk errors are thrown as they are, not dressed up as the server's fault.
 */
export async function safeFetchToFile(
  url: string,
  file: string,
  options: SafeFetchOptions,
): Promise<SafeResponse & { size: number }> {
  let created = false;
  let diskError: unknown;
  const onDiskError = (error: unknown) => {
    diskError ??= error;
    throw error;
  };
  try {
    return await exchange(url, options, async (body, signal, counter) => {
      const handle = await open(file, 'w').catch(onDiskError);
      created = true;
      try {
        await pipeline([...body, fileSink(handle, onDiskError)], { signal });
      } finally {
        await handle.close().catch(onDiskError);
      }
      return { size: counter.bytes };
    });
  } catch (error) {
    if (created) await rm(file, { force: true }).catch(() => undefined);
    throw diskError ?? error;
  }
}

function fileSink(handle: FileHandle, onError: (error: unknown) => never): Writable {
  const writeAll = async (chunk: Buffer) => {
    // A write may take only part of the chunk.
    for (let offset = 0; offset < chunk.length; ) offset += (await handle.write(chunk, offset)).bytesWritten;
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeAll(chunk)
        .catch(onError)
        .then(() => done(), done);
    },
  });
}

type BodyStage = NodeJS.ReadableStream | NodeJS.ReadWriteStream;
type Consume<T> = (body: BodyStage[], signal: AbortSignal, counter: ByteCap) => Promise<T>;

interface Hop {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** Follows redirects to a final response and hands its decoded, capped body to `consume`, all under one deadline. */
/** Every exchange with another host, traced as one client span (lib/tracing.ts; nothing when off). */
const exchange = <T>(rawUrl: string, options: SafeFetchOptions, consume: Consume<T>) =>
  traceOutgoing(options.method ?? 'GET', rawUrl, () => untracedExchange(rawUrl, options, consume));

async function untracedExchange<T>(
  rawUrl: string,
  options: SafeFetchOptions,
  consume: Consume<T>,
): Promise<SafeResponse & T> {
  const started = performance.now();
  const deadline = startDeadline(options);
  let hop: Hop | undefined;
  let response: IncomingMessage | undefined;
  try {
    hop = {
      url: parseTarget(rawUrl),
      method: options.method ?? 'GET',
      headers: checkedHeaders(options.headers ?? {}),
      body: options.body,
    };
    const policy = addressPolicy(options.allowHosts ?? []);
    const resolve = options.lookup ?? systemLookup;
    const maxRedirects = options.maxRedirects ?? 3;
    let redirects = 0;
    for (;;) {
      response = await send(hop, guardedLookup(policy, resolve), policy, deadline.signal);
      const next = redirectTarget(hop, response);
      if (!next) break;
      response.destroy();
      if (redirects === maxRedirects) {
        throw new SafeFetchError(
          'too_many_redirects',
          `${hop.url.host} redirected more than ${maxRedirects} times`,
        );
      }
      redirects++;
      hop = next;
    }

    const finalUrl = hop.url;
    const decoders = decodersFor(response.headers['content-encoding']);
    if (decoders?.length === 0 && Number(response.headers['content-length']) > options.maxBytes) {
      throw tooLarge(finalUrl, options.maxBytes);
    }
    const counter = new ByteCap(options.maxBytes, () => tooLarge(finalUrl, options.maxBytes));
    const extra = await consume([response, ...(decoders ?? []), counter], deadline.signal, counter);
    return {
      status: response.statusCode ?? 0,
      headers: responseHeaders(response, decoders !== undefined),
      url: withoutCredentials(finalUrl),
      redirects,
      timeMs: Math.round(performance.now() - started),
      ...extra,
    };
  } catch (error) {
    const failure = asSafeFetchError(
      error,
      hop?.url.host ?? 'the server',
      deadline.reason(),
      options.timeoutMs,
    );
    if (failure.detail !== undefined)
      options.log?.({ host: hop?.url.hostname ?? '', code: failure.code, detail: failure.detail });
    throw failure;
  } finally {
    response?.destroy();
    deadline.clear();
  }
}

/** One signal for the time limit and the caller's own signal, remembering which one fired. */
function startDeadline({ timeoutMs, signal: caller }: SafeFetchOptions) {
  const controller = new AbortController();
  let reason: 'timeout' | 'aborted' | undefined;
  const stop = (why: 'timeout' | 'aborted') => {
    reason ??= why;
    controller.abort();
  };
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  const onAbort = () => stop('aborted');
  if (caller?.aborted) stop('aborted');
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    reason: () => reason,
    clear() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

function parseTarget(raw: string, from?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, from);
  } catch {
    throw new SafeFetchError(
      'bad_url',
      from ? `${from.host} redirected to an invalid address` : 'The address is not a valid URL',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError(
      'bad_scheme',
      from
        ? `${from.host} redirected to a ${url.protocol} address; only http and https are allowed`
        : 'Only http and https addresses are allowed',
    );
  }
  return url;
}

function checkedHeaders(given: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    try {
      http.validateHeaderName(name);
      http.validateHeaderValue(name, value);
    } catch {
      // The value may be a secret, so only the name is repeated.
      throw new SafeFetchError('bad_header', `The header ${JSON.stringify(name.slice(0, 64))} is not valid`);
    }
    const key = name.toLowerCase();
    if (!MANAGED_HEADERS.has(key)) headers[key] = value;
  }
  return headers;
}

function refuse(host: string, addresses: readonly string[] = [host]): SafeFetchError {
  return unreachable('blocked', host, `refused: internal address (${addresses.join(', ')})`);
}

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dns.lookup(hostname, { all: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * The `lookup` the socket connects through: it resolves once, checks every address and hands the socket
 * only those, so a DNS answer that changes between check and connect (rebinding) has nothing to change.
 */
function guardedLookup(policy: AddressPolicy, resolve: (hostname: string) => Promise<ResolvedAddress[]>) {
  const resolveChecked = async (hostname: string, family: number) => {
    let found: ResolvedAddress[];
    try {
      found = await resolve(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw unreachable('dns', hostname, `no DNS answer (${code})`, error);
    }
    if (found.length === 0) throw unreachable('dns', hostname, 'no DNS answer (no addresses)');
    const addresses = found.map((a) => a.address);
    if (!policy.permits(hostname, addresses)) throw refuse(hostname, addresses);
    const usable = family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
    if (usable.length === 0) throw unreachable('dns', hostname, `no IPv${family} address`);
    return usable;
  };
  const lookup: LookupFunction = (hostname, options, callback) => {
    const family =
      options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    resolveChecked(hostname, family).then(
      (usable) => {
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  return lookup;
}

function send(
  hop: Hop,
  lookup: LookupFunction,
  policy: AddressPolicy,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { url, method, body } = hop;
  const hostname = unbracket(url.hostname);
  // A literal IP never reaches `lookup`, so it is checked here; the URL parser has already turned
  // spellings such as 2130706433, 0x7f.1 or [::ffff:127.0.0.1] into their canonical form.
  if (isIP(hostname) && !policy.permits(hostname, [hostname])) return Promise.reject(refuse(hostname));

  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    ...hop.headers,
    'accept-encoding': 'gzip, br, deflate',
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = transport.request({
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      auth: url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
      // A fresh agent, without keep-alive or any proxy from the environment: the checked socket serves
      // this one request and is never handed to another host.
      agent: new transport.Agent({ keepAlive: false }),
      lookup,
      signal,
      // Explicit, so NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment cannot turn verification off.
      ...(transport === https ? { rejectUnauthorized: true } : {}),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

/** The next hop when `response` is a redirect to follow; method and body rules follow the fetch standard. */
function redirectTarget(current: Hop, response: IncomingMessage): Hop | undefined {
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (!REDIRECT_STATUSES.has(status) || !location) return undefined;
  const url = parseTarget(location, current.url);
  let { method, body, headers } = current;
  if (status === 303 || (method === 'POST' && (status === 301 || status === 302))) {
    method = 'GET';
    body = undefined;
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)));
  }
  // Caller headers may carry secrets (a data source's API key), so none of them cross origins; once
  // dropped they stay dropped, even if a later hop comes back.
  if (url.origin !== current.url.origin) headers = {};
  return { url, method, body, headers };
}

function withoutCredentials(url: URL): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.href;
}
