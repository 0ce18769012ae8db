import {
  DATA_SOURCE_BODY_MAX_BYTES,
  type DataSourceMethod,
  type DataValue,
  parseJsonPath,
  valueAtPath,
} from '@adstudio/contract';
import { type RefusalLog, SafeFetchError, safeFetch } from '../../net/safe-fetch';
import { ownDemoAnswer } from './demo-weather';

/** A header as stored (sealed) and sent. */
export interface StoredHeader {
  name: string;
  value: string;
}

/** What one fetch needs: the URL already filled in. */
export interface FetchDefinition {
  method: DataSourceMethod;
  headers: readonly StoredHeader[];
  json_path: string | null;
  timeout_ms: number;
}

/** How a fetch went: the answer (if any came), its text and the value read from it, or why not. */
export interface FetchOutcome {
  url: string;
  status: number | null;
  durationMs: number;
  contentType: string | null;
  /** The body as text ('' when no answer came). */
  text: string;
  value: DataValue;
  error: string | null;
}

/**
 * The longest value kept: conditions compare short values (a temperature, a stock level), and a
 * value is read on every evaluation. A longer one is an error that asks for a json path.
 */
export const DATA_SOURCE_VALUE_MAX_CHARS = 4096;
/** Redirects followed (the issue: at most 3). */
const MAX_REDIRECTS = 3;

/** The value of an answer: at the json path, or the whole (trimmed) text when there is none. */
export function valueOfAnswer(
  text: string,
  jsonPath: string | null,
): { value: DataValue; error: null } | { value: null; error: string } {
  let value: DataValue;
  if (jsonPath) {
    const steps = parseJsonPath(jsonPath);
    if (!steps) return { value: null, error: `${jsonPath} is not a JSON path this server reads.` };
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return { value: null, error: 'The answer is not JSON, so the json path cannot be read.' };
    }
    const found = valueAtPath(document, steps);
    if (found === undefined) return { value: null, error: `The answer has nothing at ${jsonPath}.` };
    value = found;
  } else value = text.trim();
  if (typeof value === 'string' && value.length > DATA_SOURCE_VALUE_MAX_CHARS)
    return {
      value: null,
      error: `The value is longer than ${DATA_SOURCE_VALUE_MAX_CHARS} characters; give a json path to the part conditions compare.`,
    };
  return { value, error: null };
}

/** Where a data source may be fetched from: the SSRF guard's allowed hosts, and the app's own URL. */
export interface FetchReach {
  allowHosts: readonly string[];
  /** APP_URL: its demo weather endpoint is answered in process (demo-weather.ts). */
  appUrl: string;
  /** Why a host could not be reached, for the server log (the user is told only that). */
  log?: RefusalLog;
}

/**
 * Fetches a data source's URL through the SSRF guard (http(s) only, every address checked after DNS
 * and on each redirect, at most 3 redirects, `timeout_ms`, 1 MB) and reads its value. Never throws
 * for the outside world's faults: they come back as `error`, whose text names hosts, never
 * addresses or header values. The app's own demo weather is read in process.
 */
export async function fetchDataSource(
  url: string,
  definition: FetchDefinition,
  { allowHosts, appUrl, log, signal }: FetchReach & { signal?: AbortSignal },
): Promise<FetchOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const own = ownDemoAnswer(url, appUrl, new Date());
  if (own)
    return {
      url,
      status: own.status,
      durationMs: elapsed(),
      contentType: 'application/json; charset=utf-8',
      text: own.text,
      ...valueOfAnswer(own.text, definition.json_path),
    };
  try {
    const response = await safeFetch(url, {
      method: definition.method,
      headers: Object.fromEntries(definition.headers.map((header) => [header.name, header.value])),
      timeoutMs: definition.timeout_ms,
      maxBytes: DATA_SOURCE_BODY_MAX_BYTES,
      maxRedirects: MAX_REDIRECTS,
      allowHosts,
      log,
      signal,
    });
    const text = response.body.toString('utf8');
    const base = {
      url,
      status: response.status,
      durationMs: elapsed(),
      contentType: response.headers['content-type'] ?? null,
      text,
    };
    if (response.status < 200 || response.status > 299) {
      const host = new URL(response.url).host;
      return { ...base, value: null, error: `${host} answered HTTP ${response.status}.` };
    }
    return { ...base, ...valueOfAnswer(text, definition.json_path) };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return {
      url,
      status: null,
      durationMs: elapsed(),
      contentType: null,
      text: '',
      value: null,
      error: `${error.message}.`,
    };
  }
}
