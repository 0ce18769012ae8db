import { type ApiRequestConfig, type ApiResponse, api, withParams } from './api-client';

/** How long an answer nobody has taken is kept: the page it was started for has gone by then. */
export const EARLY_REQUEST_TTL_MS = 10_000;

type Params = ApiRequestConfig['params'];

interface EarlyRequest {
  answer: Promise<ApiResponse>;
  timer: ReturnType<typeof setTimeout>;
}

/** In flight or answered, by the url the api client sends (path and query). */
const early = new Map<string, EarlyRequest>();

/**
 * Starts `GET url` now, from a route loader, before the page's api module (and its schemas) has
 * loaded: that module's fetcher then takes the raw answer with `takeOrGet` and parses it as usual.
 * An answer is taken once; one not taken is dropped after `EARLY_REQUEST_TTL_MS`.
 */
export function startEarly(url: string, params?: Params): void {
  const key = withParams(url, params);
  if (early.has(key)) return;
  const answer = api.get(url, { params });
  // A failure is the taker's to see, as if it had asked itself; one nobody takes is not an error.
  answer.catch(() => {});
  const timer = setTimeout(() => early.delete(key), EARLY_REQUEST_TTL_MS);
  early.set(key, { answer, timer });
}

/** The early answer to exactly this request, once; undefined when none was started or it expired. */
export function takeEarly(url: string, params?: Params): Promise<ApiResponse> | undefined {
  const key = withParams(url, params);
  const request = early.get(key);
  if (!request) return undefined;
  early.delete(key);
  clearTimeout(request.timer);
  return request.answer;
}

/** `api.get(url, {params})`, answered by an early request to the same url when one is waiting. */
export const takeOrGet = (url: string, params?: Params): Promise<ApiResponse> =>
  takeEarly(url, params) ?? api.get(url, { params });

/** Forgets every early answer (sign-out: they belong to the session that asked). */
export function clearEarlyRequests(): void {
  for (const request of early.values()) clearTimeout(request.timer);
  early.clear();
}
