import { describe, expect, it } from 'vitest';
import { api, isSessionExpiredResponse } from './api-client';

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
