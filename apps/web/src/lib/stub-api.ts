import { type ApiResponse, api } from './api-client';

/** For tests: an answer of the api client. */
export const answer = (status: number, data: unknown): ApiResponse => ({
  status,
  statusText: '',
  data,
  headers: {},
});

/**
 * For tests: the api client answers each url with `reply(url)` (an empty 200 by default), and the
 * urls asked for are recorded. The test puts `api.defaults.transport` back afterwards.
 */
export function stubApi(reply: (url: string) => ApiResponse = () => answer(200, {})): string[] {
  const asked: string[] = [];
  api.defaults.transport = async (request) => {
    asked.push(request.url);
    return reply(request.url);
  };
  return asked;
}
