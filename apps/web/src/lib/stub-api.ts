import { type ApiRequest, type ApiResponse, api } from './api-client';

const original = api.defaults.transport;

/** For tests: an answer of the api client. */
export const answer = (status: number, data: unknown): ApiResponse => ({
  status,
  statusText: '',
  data,
  headers: {},
});

/**
 * For tests: the api client answers each url with `reply(url)` (an empty 200 by default), and the
 * urls asked for are recorded. `restoreApi` puts the real transport back.
 */
export function stubApi(reply: (url: string) => ApiResponse = () => answer(200, {})): string[] {
  const asked: string[] = [];
  api.defaults.transport = async (request) => {
    asked.push(request.url);
    return reply(request.url);
  };
  return asked;
}

/**
 * For tests: the api client answers each request with `reply(request)`, and the requests are
 * recorded (method, url, body) in the list answered. `restoreApi` puts the real transport back.
 */
export function recordApi(reply: (request: ApiRequest) => ApiResponse): ApiRequest[] {
  const requests: ApiRequest[] = [];
  api.defaults.transport = async (request) => {
    requests.push(request);
    return reply(request);
  };
  return requests;
}

/** For tests: the api client's real transport again (after `stubApi` or `recordApi`). */
export function restoreApi() {
  api.defaults.transport = original;
}
