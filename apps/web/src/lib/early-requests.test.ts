import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorStatus, registerSessionExpiredHandler } from './api-client';
import { clearEarlyRequests, EARLY_REQUEST_TTL_MS, startEarly, takeEarly, takeOrGet } from './early-requests';
import { answer, restoreApi, stubApi } from './stub-api';

describe('early requests', () => {
  afterEach(() => {
    restoreApi();
    clearEarlyRequests();
    vi.useRealTimers();
  });

  it('answers the same request once, then the taker asks itself', async () => {
    const asked = stubApi((url) => answer(200, { url }));
    startEarly('/v1/things/', { page: 1, 'items-per-page': 25 });
    startEarly('/v1/things/', { page: 1, 'items-per-page': 25 });
    expect(asked).toEqual(['/v1/things/?page=1&items-per-page=25']);
    const first = await takeOrGet('/v1/things/', { page: 1, 'items-per-page': 25 });
    expect(first.data).toEqual({ url: '/v1/things/?page=1&items-per-page=25' });
    expect(asked).toHaveLength(1);
    await takeOrGet('/v1/things/', { page: 1, 'items-per-page': 25 });
    expect(asked).toHaveLength(2);
  });

  it('answers only a request to the same path and query', () => {
    const asked = stubApi(() => answer(200, {}));
    startEarly('/v1/things/', { page: 1, 'items-per-page': 25 });
    expect(takeEarly('/v1/things/', { page: 1, 'items-per-page': 50 })).toBeUndefined();
    expect(takeEarly('/v1/others/', { page: 1, 'items-per-page': 25 })).toBeUndefined();
    expect(takeEarly('/v1/things/')).toBeUndefined();
    expect(takeEarly('/v1/things/?page=1&items-per-page=25')).toBeDefined();
    expect(asked).toHaveLength(1);
  });

  it('gives the taker the error its own request would have raised', async () => {
    stubApi(() => answer(500, { message: 'Boom' }));
    startEarly('/v1/things/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const error = await takeOrGet('/v1/things/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Request failed with status code 500',
      code: 'ERR_BAD_RESPONSE',
      config: { method: 'GET', url: '/v1/things/' },
      response: { status: 500, data: { message: 'Boom' } },
    });
  });

  it('reports an expired session once, as the request does, taken or not', async () => {
    const expired = vi.fn();
    registerSessionExpiredHandler(expired);
    stubApi(() => answer(401, { message: 'Unauthenticated.' }));
    startEarly('/v1/things/');
    const error = await takeOrGet('/v1/things/').catch((caught: unknown) => caught);
    expect(errorStatus(error)).toBe(401);
    expect(expired).toHaveBeenCalledTimes(1);
    registerSessionExpiredHandler(() => {});
  });

  it('drops an answer nobody took in time', () => {
    vi.useFakeTimers();
    const asked = stubApi(() => answer(200, {}));
    startEarly('/v1/things/');
    vi.advanceTimersByTime(EARLY_REQUEST_TTL_MS - 1);
    startEarly('/v2/things/');
    vi.advanceTimersByTime(1);
    expect(takeEarly('/v1/things/')).toBeUndefined();
    expect(takeEarly('/v2/things/')).toBeDefined();
    expect(asked).toEqual(['/v1/things/', '/v2/things/']);
  });

  it('forgets everything on sign-out', () => {
    stubApi(() => answer(200, {}));
    startEarly('/v1/things/');
    clearEarlyRequests();
    expect(takeEarly('/v1/things/')).toBeUndefined();
  });
});
