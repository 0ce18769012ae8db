import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSessionExpiry } from '../app/session';
import { getAlert } from './alert';
import { api, isSessionExpiredResponse } from './api-client';
import { registerNavigator } from './navigation';

describe('api client (spec section 7)', () => {
  it('marks requests, sends cookies and the XSRF header, with no timeout', () => {
    expect(api.defaults.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(api.defaults.withCredentials).toBe(true);
    expect(api.defaults.withXSRFToken).toBe(true);
    expect(api.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(api.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(api.defaults.timeout).toBe(0);
  });
});

describe('session expiry (spec section 4)', () => {
  it('is a 419', () => {
    expect(isSessionExpiredResponse(419, { message: 'CSRF token mismatch.' })).toBe(true);
    expect(isSessionExpiredResponse(419, undefined)).toBe(true);
  });
  it('is a 401 whose message says unauthenticated', () => {
    expect(isSessionExpiredResponse(401, { message: 'Unauthenticated.' })).toBe(true);
    expect(isSessionExpiredResponse(401, { message: 'unauthenticated' })).toBe(true);
  });
  it('is not any other failure', () => {
    expect(isSessionExpiredResponse(401, { message: 'Invalid credentials.' })).toBe(false);
    expect(isSessionExpiredResponse(403, { message: 'Unauthenticated.' })).toBe(false);
    expect(isSessionExpiredResponse(500, {})).toBe(false);
    expect(isSessionExpiredResponse(undefined, undefined)).toBe(false);
  });
});

describe('a 419 on a session that is still valid (CSRF token mismatch)', () => {
  const adapter = api.defaults.adapter;
  afterEach(() => {
    api.defaults.adapter = adapter;
    vi.useRealTimers();
  });

  it('ends the server session (fresh XSRF cookie, then POST /logout) before going to sign-in', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    api.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      calls.push(`${config.method?.toUpperCase()} ${config.url}`);
      const answer = (status: number, data: unknown) => ({
        status,
        data,
        statusText: '',
        headers: {},
        config,
      });
      if (config.url === '/v1/feedback') {
        const response = answer(419, { message: 'CSRF token mismatch.' });
        throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
      }
      if (config.url === '/logout') {
        // Refused too: sign-in still follows.
        throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, answer(419, {}));
      }
      return answer(204, null);
    }) as AxiosAdapter;
    const navigated: string[] = [];
    registerNavigator((to) => {
      calls.push(`navigate ${to}`);
      navigated.push(to);
    });
    window.history.replaceState(null, '', '/feedback');
    localStorage.setItem('darkTheme', 'false');
    installSessionExpiry();

    await expect(api.post('/v1/feedback', { message: 'x' })).rejects.toThrow();
    expect(localStorage.length).toBe(0);
    expect(getAlert().payload?.data?.message).toBe('Your session has expired');
    await vi.advanceTimersByTimeAsync(1500);

    expect(calls).toEqual([
      'POST /v1/feedback',
      'GET /sanctum/csrf-cookie',
      'POST /logout',
      'navigate /login?redirect_app=%2Ffeedback',
    ]);
    expect(navigated).toHaveLength(1);
  });
});
