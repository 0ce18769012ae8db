import { TWO_FACTOR_REQUIRED } from '@adstudio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSessionExpiry } from '../app/session';
import { clearAlert, getAlert } from './alert';
import {
  ApiError,
  type ApiTransport,
  api,
  errorMessage,
  errorStatus,
  isSessionExpiredResponse,
  TWO_FACTOR_REQUIRED_MESSAGE,
  withParams,
} from './api-client';
import { setUser } from './auth';
import { registerNavigator } from './navigation';

/** An XMLHttpRequest that records what the client did with it and answers `answer`. */
function fakeXhr(answer: { status: number; body: string; headers?: string }) {
  const sent: {
    method?: string;
    url?: string;
    headers: Record<string, string>;
    body?: unknown;
    withCredentials?: boolean;
    timeout?: number;
  } = { headers: {} };
  class FakeXhr {
    withCredentials = false;
    timeout = 0;
    status = 0;
    statusText = '';
    responseText = '';
    upload = { addEventListener: () => {} };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    getAllResponseHeaders() {
      return answer.headers ?? '';
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.body = body;
      sent.withCredentials = this.withCredentials;
      sent.timeout = this.timeout;
      this.status = answer.status;
      this.responseText = answer.body;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('api client (spec section 7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('marks requests, sends cookies and the XSRF header (URL-decoded), with no timeout', async () => {
    const sent = fakeXhr({
      status: 200,
      body: '{"data":{"id":3}}',
      headers: 'Content-Type: application/json\r\n',
    });
    vi.spyOn(document, 'cookie', 'get').mockReturnValue(
      `theme=x; XSRF-TOKEN=${encodeURIComponent('abc=def/+')}`,
    );
    const response = await api.post('/v1/campaigns', { name: 'Spring' });
    expect(sent).toEqual({
      method: 'POST',
      url: '/v1/campaigns',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': 'abc=def/+',
      },
      body: '{"name":"Spring"}',
      withCredentials: true,
      timeout: 0,
    });
    expect(response).toEqual({
      status: 200,
      statusText: '',
      data: { data: { id: 3 } },
      headers: { 'content-type': 'application/json' },
    });
  });

  it('sends no body and no content type without data; an empty answer reads as ""', async () => {
    const sent = fakeXhr({ status: 204, body: '' });
    expect((await api.delete('/v1/campaigns/3')).data).toBe('');
    expect(sent.body).toBeNull();
    expect(sent.headers['Content-Type']).toBeUndefined();
    expect(sent.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('puts the API base URL in front of relative paths only', async () => {
    const sent = fakeXhr({ status: 200, body: '{}' });
    const base = api.defaults.baseURL;
    api.defaults.baseURL = 'https://api.example.test/';
    try {
      await api.get('/v1/user');
      expect(sent.url).toBe('https://api.example.test/v1/user');
      await api.get('https://other.test/x');
      expect(sent.url).toBe('https://other.test/x');
    } finally {
      api.defaults.baseURL = base;
    }
  });

  it('serialises params as axios did: empty ones left out, `:` `$` `,` kept, spaces as +', () => {
    expect(
      withParams('/v1/campaigns/', {
        page: 2,
        'sort-by': 'name',
        status: 'live,quality assurance',
        filter: 'a:b$c&d=é',
        deleted: undefined,
        date: null,
      }),
    ).toBe('/v1/campaigns/?page=2&sort-by=name&status=live,quality+assurance&filter=a:b$c%26d%3D%C3%A9');
    expect(withParams('/v1/x?a=1#top', { b: true })).toBe('/v1/x?a=1&b=true');
    expect(withParams('/v1/x', {})).toBe('/v1/x');
  });

  it('fails with the answer on a status outside 2xx, and without one when the server cannot be reached', async () => {
    fakeXhr({ status: 422, body: '{"message":"Invalid.","errors":{"name":["Required."]}}' });
    const failure = await api.put('/v1/campaigns/3', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(errorStatus(failure)).toBe(422);
    expect((failure as ApiError).response?.data).toEqual({
      message: 'Invalid.',
      errors: { name: ['Required.'] },
    });
    expect(errorMessage(failure)).toBe('Invalid.');

    const offline: ApiTransport = async (request) => {
      throw new ApiError('Network Error', 'ERR_NETWORK', request);
    };
    const transport = api.defaults.transport;
    api.defaults.transport = offline;
    try {
      const unreachable = await api.get('/v1/user').catch((error: unknown) => error);
      expect(errorStatus(unreachable)).toBeUndefined();
      expect(errorMessage(unreachable)).toBe('Cannot reach the server. Check your connection and try again.');
    } finally {
      api.defaults.transport = transport;
    }
  });

  it('does not send a request whose signal has already aborted', async () => {
    const sent = fakeXhr({ status: 200, body: '{}' });
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/v1/search/x', { signal: controller.signal })).rejects.toMatchObject({
      code: 'ERR_CANCELED',
    });
    expect(sent.url).toBeUndefined();
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

describe('two-factor sign-in required (403)', () => {
  it("is the contract's message, spelled out in the client", () => {
    expect(TWO_FACTOR_REQUIRED_MESSAGE).toBe(TWO_FACTOR_REQUIRED);
  });
});

const SIGNED_IN = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  company_id: 1,
  roles: ['admin'],
  permissions: [],
};

describe('a 419 on a session that is still valid (CSRF token mismatch)', () => {
  const transport = api.defaults.transport;
  afterEach(() => {
    api.defaults.transport = transport;
    vi.useRealTimers();
  });

  it('ends the server session (fresh XSRF cookie, then POST /logout) before going to sign-in', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    api.defaults.transport = async (request) => {
      calls.push(`${request.method} ${request.url}`);
      const answer = (status: number, data: unknown) => ({ status, data, statusText: '', headers: {} });
      if (request.url === '/v1/feedback') return answer(419, { message: 'CSRF token mismatch.' });
      // Refused too: sign-in still follows.
      if (request.url === '/logout') return answer(419, {});
      return answer(204, '');
    };
    const navigated: string[] = [];
    registerNavigator((to) => {
      calls.push(`navigate ${to}`);
      navigated.push(to);
    });
    window.history.replaceState(null, '', '/feedback');
    localStorage.setItem('darkTheme', 'false');
    setUser(SIGNED_IN);
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

describe('a 401 before anyone has signed in', () => {
  const transport = api.defaults.transport;
  afterEach(() => {
    api.defaults.transport = transport;
  });

  it('is left to the guard: no alert, no sign-out, no navigation (a prefetch raced the user fetch)', async () => {
    const calls: string[] = [];
    api.defaults.transport = async (request) => {
      calls.push(`${request.method} ${request.url}`);
      return { status: 401, data: { message: 'Unauthenticated.' }, statusText: '', headers: {} };
    };
    registerNavigator((to) => calls.push(`navigate ${to}`));
    setUser(null);
    clearAlert();
    localStorage.setItem('darkTheme', 'false');
    installSessionExpiry();

    await expect(api.get('/v1/user/settings')).rejects.toThrow();
    expect(calls).toEqual(['GET /v1/user/settings']);
    expect(getAlert().payload).toBeNull();
    expect(localStorage.getItem('darkTheme')).toBe('false');
  });
});
