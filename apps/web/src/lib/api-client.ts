import { env } from '../config/env';

/**
 * The one HTTP client (spec section 7): XMLHttpRequest marker, cookies, XSRF cookie → header, no
 * timeout, upload progress. A small XMLHttpRequest wrapper rather than axios: axios weighed ~20 KB
 * on the wire, a tenth of the dashboard's first-load budget (docs/design.md §7). It keeps axios's
 * shape where the app relies on it: `api.get(url, {params})` → `{data, status}`, failures as an
 * `ApiError` with `response.{status, data}`.
 */
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestConfig {
  /** Added to the url as axios does it: `null`/`undefined` left out, `:`, `$`, `,` kept, spaces as `+`. */
  params?: Readonly<Record<string, QueryValue>> | undefined;
  signal?: AbortSignal | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  /** The caller handles 401/419 itself (the auth guard's own user fetch). */
  skipSessionExpiry?: boolean | undefined;
  /** Progress of the request body, for file uploads. */
  onUploadProgress?: ((event: ProgressEvent) => void) | undefined;
}

export interface ApiRequest extends ApiRequestConfig {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  data?: unknown;
}

export interface ApiResponse<T = unknown> {
  status: number;
  statusText: string;
  /** The body: JSON parsed, else its text ('' when empty). */
  data: T;
  headers: Readonly<Record<string, string>>;
}

/** A request that failed: with the server's `response` when one came, without on a network failure. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ERR_CANCELED',
    readonly config: ApiRequest,
    readonly response?: ApiResponse,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** How a request travels; tests put a stand-in here. */
export type ApiTransport = (
  request: ApiRequest & { url: string; headers: Record<string, string> },
) => Promise<ApiResponse>;

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');

/** `url` with `params` appended, serialised as axios serialises a flat object. */
export function withParams(url: string, params: ApiRequestConfig['params']): string {
  const query = Object.entries(params ?? {})
    .filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== undefined,
    )
    .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
    .join('&');
  if (!query) return url;
  const base = url.split('#')[0] ?? '';
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

const fullUrl = (baseURL: string, url: string) =>
  !baseURL || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)
    ? url
    : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;

function readCookie(name: string): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** A response body: JSON parsed, else its text ('' when empty). */
export function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** XMLHttpRequest with cookies (also cross-origin, when the API lives on another host). */
const xhrTransport: ApiTransport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url, true);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    if (request.onUploadProgress) xhr.upload.addEventListener('progress', request.onUploadProgress);
    const abort = () => xhr.abort();
    request.signal?.addEventListener('abort', abort);
    const done = () => request.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        data: parseBody(xhr.responseText),
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('Network Error', 'ERR_NETWORK', request));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError('canceled', 'ERR_CANCELED', request));
    };
    const body = request.data;
    const plain =
      body === undefined || body instanceof FormData || body instanceof Blob || typeof body === 'string';
    xhr.send(plain ? ((body ?? null) as XMLHttpRequestBodyInit | null) : JSON.stringify(body));
  });

let onSessionExpired: () => void = () => {};
let onTwoFactorRequired: () => void = () => {};

/** The app registers what happens on expiry (clear storage, alert, go to sign-in). */
export function registerSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** The app registers what happens when a request is refused until two-factor sign-in is set up. */
export function registerTwoFactorRequiredHandler(handler: () => void): void {
  onTwoFactorRequired = handler;
}

/**
 * The contract's TWO_FACTOR_REQUIRED, spelled out here: importing it would bring its module's
 * schemas, and zod, into the first load (api-client.test.ts checks that the two agree).
 */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your company requires two-factor sign-in: set it up in My Account before anything else.';

/** 403 `TWO_FACTOR_REQUIRED`: the company requires two-factor sign-in and the user has none yet. */
export const isTwoFactorRequiredError = (error: unknown): boolean =>
  isApiError(error) &&
  error.response?.status === 403 &&
  (error.response.data as { message?: unknown } | undefined)?.message === TWO_FACTOR_REQUIRED_MESSAGE;

async function request<T>(config: ApiRequest): Promise<ApiResponse<T>> {
  if (config.signal?.aborted) throw new ApiError('canceled', 'ERR_CANCELED', config);
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    ...config.headers,
  };
  const json =
    config.data !== undefined && !(config.data instanceof FormData) && !(config.data instanceof Blob);
  if (json && typeof config.data !== 'string') headers['Content-Type'] = 'application/json';
  // Sent on every request (axios's `withXSRFToken: true`): the API may live on another host.
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  const url = withParams(fullUrl(api.defaults.baseURL, config.url), config.params);
  try {
    const response = await api.defaults.transport({ ...config, url, headers });
    if (response.status >= 200 && response.status < 300) return response as ApiResponse<T>;
    throw new ApiError(
      `Request failed with status code ${response.status}`,
      response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      config,
      response,
    );
  } catch (error) {
    if (!config.skipSessionExpiry && isSessionExpiredError(error)) onSessionExpired();
    else if (isTwoFactorRequiredError(error)) onTwoFactorRequired();
    throw error;
  }
}

export const api = {
  defaults: { baseURL: env().apiUrl, transport: xhrTransport },
  get: <T = unknown>(url: string, config: ApiRequestConfig = {}) =>
    request<T>({ ...config, method: 'GET', url }),
  /** A body only where the API asks for one (turning two-factor off takes the password and a code). */
  delete: <T = unknown>(url: string, config: ApiRequestConfig & { data?: unknown } = {}) =>
    request<T>({ ...config, method: 'DELETE', url }),
  post: <T = unknown>(url: string, data?: unknown, config: ApiRequestConfig = {}) =>
    request<T>({ ...config, method: 'POST', url, data }),
  put: <T = unknown>(url: string, data?: unknown, config: ApiRequestConfig = {}) =>
    request<T>({ ...config, method: 'PUT', url, data }),
  patch: <T = unknown>(url: string, data?: unknown, config: ApiRequestConfig = {}) =>
    request<T>({ ...config, method: 'PATCH', url, data }),
};

export function setApiBaseUrl(baseURL: string): void {
  api.defaults.baseURL = baseURL;
}

/** Spec section 4: 419, or 401 whose message says the user is unauthenticated. */
export function isSessionExpiredResponse(status: number | undefined, body: unknown): boolean {
  if (status === 419) return true;
  if (status !== 401) return false;
  const message =
    typeof body === 'object' && body !== null && 'message' in body
      ? (body as { message: unknown }).message
      : '';
  return typeof message === 'string' && /unauthenticated/i.test(message);
}

export const isSessionExpiredError = (error: unknown): boolean =>
  isApiError(error) && isSessionExpiredResponse(error.response?.status, error.response?.data);

/** The `{message}` of a failed request, for inline error states. */
export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (isApiError(error)) {
    const body = error.response?.data as { message?: unknown } | undefined;
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (!error.response) return 'Cannot reach the server. Check your connection and try again.';
  }
  return fallback;
}

export const errorStatus = (error: unknown): number | undefined =>
  isApiError(error) ? error.response?.status : undefined;
