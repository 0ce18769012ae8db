import axios, { type AxiosError, isAxiosError } from 'axios';
import { env } from '../config/env';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller handles 401/419 itself (the auth guard's own user fetch). */
    skipSessionExpiry?: boolean;
  }
}

/** The one HTTP client (spec section 7): XMLHttpRequest marker, cookies, XSRF cookie → header, no timeout. */
export const api = axios.create({
  baseURL: env().apiUrl,
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 0,
  headers: {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  },
});

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
  isAxiosError(error) && isSessionExpiredResponse(error.response?.status, error.response?.data);

let onSessionExpired: () => void = () => {};

/** The app registers what happens on expiry (clear storage, alert, go to sign-in). */
export function registerSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

api.interceptors.response.use(
  (response) => response,
  (error: AxiosError) => {
    if (!error.config?.skipSessionExpiry && isSessionExpiredError(error)) onSessionExpired();
    return Promise.reject(error);
  },
);

/** The `{message}` of a failed request, for inline error states. */
export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (isAxiosError(error)) {
    const body = error.response?.data as { message?: unknown } | undefined;
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (!error.response) return 'Cannot reach the server. Check your connection and try again.';
  }
  return fallback;
}

export const errorStatus = (error: unknown): number | undefined =>
  isAxiosError(error) ? error.response?.status : undefined;
