import { describe, expect, it } from 'vitest';
import {
  ALERT_TIMEOUT_MS,
  ALERT_TYPES,
  alertFromError,
  alertMessage,
  alertType,
  clearAlert,
  getAlert,
  resolveAlert,
  showAlert,
  showOutcome,
} from './alert';
import { ApiError, type ApiRequest } from './api-client';

const REQUEST: ApiRequest = { method: 'POST', url: '/v1/campaigns' };

describe('alert mapping (spec section 8)', () => {
  it.each([
    [200, 'success', 'Action successful'],
    [401, 'error', "You don't have sufficient permissions to perform this action"],
    [403, 'error', 'Unauthenticated'],
    [404, 'error', 'Cannot find this item'],
    [422, 'error', 'The data provided was invalid'],
    [500, 'error', "We're having internal issues, our engineers have been notified"],
    [501, 'error', "We're having internal issues, our engineers have been notified"],
  ])('status %i is %s with "%s"', (status, type, text) => {
    expect(ALERT_TYPES[status]).toEqual({ type, text });
    expect(alertType(status)).toBe(type);
    expect(alertMessage({ status })).toBe(text);
  });

  it('falls back by range for other statuses and stays hidden without any text', () => {
    expect(alertType(201)).toBe('success');
    expect(alertType(409)).toBe('error');
    expect(alertType(0)).toBe('info');
    expect(alertMessage({ status: 409 })).toBe('');
  });
});

describe('message choice order', () => {
  const full = {
    status: 422,
    data: {
      errors: { name: ['Name is required.', 'second'], email: ['Email taken.'] },
      message: 'The given data was invalid.',
      description: ['A description'],
    },
    statusText: 'Unprocessable Entity',
  };

  it('takes the first message of the first field first', () => {
    expect(alertMessage(full)).toBe('Name is required.');
  });
  it('then the response message', () => {
    expect(alertMessage({ ...full, data: { ...full.data, errors: {} } })).toBe('The given data was invalid.');
  });
  it('then the status text', () => {
    expect(alertMessage({ ...full, data: { description: ['A description'] } })).toBe('Unprocessable Entity');
  });
  it('then the first description entry', () => {
    expect(alertMessage({ status: 422, data: { description: ['A description', 'b'] } })).toBe(
      'A description',
    );
  });
  it('then the default text of the status', () => {
    expect(alertMessage({ status: 422, data: { errors: { name: [] }, message: '' }, statusText: '' })).toBe(
      'The data provided was invalid',
    );
  });
});

describe('resolveAlert', () => {
  it('uses the payload colour, else the type colour', () => {
    expect(resolveAlert({ status: 200 }).color).toBe('success');
    expect(resolveAlert({ status: 500 }).color).toBe('error');
    expect(resolveAlert({ status: 500, color: 'purple' }).color).toBe('purple');
  });
  it('uses the payload timeout, else 6000 ms', () => {
    expect(ALERT_TIMEOUT_MS).toBe(6000);
    expect(resolveAlert({ status: 200 }).timeout).toBe(6000);
    expect(resolveAlert({ status: 200, timeout: 1500 }).timeout).toBe(1500);
  });
  it('is multi-line above 50 characters', () => {
    expect(resolveAlert({ status: 200, data: { message: 'x'.repeat(50) } }).multiLine).toBe(false);
    expect(resolveAlert({ status: 200, data: { message: 'x'.repeat(51) } }).multiLine).toBe(true);
  });
  it('keeps the goToView target', () => {
    expect(resolveAlert({ status: 200, goToView: { name: 'campaign', id: 4 } }).goToView).toEqual({
      name: 'campaign',
      id: 4,
    });
    expect(resolveAlert({ status: 200 }).goToView).toBeNull();
  });
});

describe('alertFromError', () => {
  const failed = (status: number, data: unknown, statusText = '') =>
    new ApiError('failed', 'ERR_BAD_REQUEST', REQUEST, { status, statusText, data, headers: {} });

  it('carries status, message and errors, with the spec text as the status text', () => {
    const payload = alertFromError(
      failed(422, { message: 'Invalid.', errors: { name: ['Required.'] } }, 'Unprocessable Entity'),
    );
    expect(payload).toEqual({
      status: 422,
      data: { message: 'Invalid.', errors: { name: ['Required.'] } },
      statusText: 'The data provided was invalid',
    });
    expect(resolveAlert(payload).message).toBe('Required.');
  });

  it.each([
    [422, 'Unprocessable Entity', 'The data provided was invalid'],
    [404, 'Not Found', 'Cannot find this item'],
    [403, 'Forbidden', 'Unauthenticated'],
    [401, 'Unauthorized', "You don't have sufficient permissions to perform this action"],
    [500, 'Internal Server Error', "We're having internal issues, our engineers have been notified"],
    [501, 'Not Implemented', "We're having internal issues, our engineers have been notified"],
  ])('shows the spec text, not the reason phrase, for a %i without a message', (status, reason, text) => {
    const payload = alertFromError(failed(status, {}, reason));
    expect(payload.statusText).toBe(text);
    expect(resolveAlert(payload).message).toBe(text);
  });

  it('falls back to the reason phrase only for statuses the table does not list', () => {
    expect(resolveAlert(alertFromError(failed(409, '', 'Conflict'))).message).toBe('Conflict');
    expect(resolveAlert(alertFromError(failed(429, {}, 'Too Many Requests'))).message).toBe(
      'Too Many Requests',
    );
    // HTTP/2 has no reason phrase: nothing to show beyond the table.
    expect(alertFromError(failed(409, '', '')).statusText).toBeNull();
  });

  it('still prefers the field error and the response message over the status text', () => {
    expect(
      resolveAlert(alertFromError(failed(404, { message: 'No such campaign.' }, 'Not Found'))).message,
    ).toBe('No such campaign.');
    expect(
      resolveAlert(alertFromError(failed(422, { errors: { url: ['Bad URL.'] } }, 'Unprocessable Entity')))
        .message,
    ).toBe('Bad URL.');
  });
  it('gives the 500 text when the body says nothing', () => {
    expect(resolveAlert(alertFromError(failed(500, '', 'Internal Server Error'))).message).toBe(
      "We're having internal issues, our engineers have been notified",
    );
  });
  it('explains a network failure', () => {
    expect(
      resolveAlert(alertFromError(new ApiError('Network Error', 'ERR_NETWORK', REQUEST))).message,
    ).toMatch(/Cannot reach the server/);
  });
});

describe('alert store', () => {
  it('replaces the shown alert with a new one and clears to empty', () => {
    showAlert({ status: 200 });
    const first = getAlert();
    showAlert({ status: 404 });
    const second = getAlert();
    expect(second.payload?.status).toBe(404);
    expect(second.id).toBeGreaterThan(first.id);
    clearAlert();
    expect(getAlert().payload).toBeNull();
  });
});

describe("a job's outcome (showOutcome)", () => {
  const progress = { status: 200, data: { message: 'Syncing Retail feed…' }, progressOf: 'profile:4:sync' };
  const outcome = { status: 200, data: { message: 'Retail feed synced: 1,204 active rules.' } };

  it('replaces the progress alert of the same job', () => {
    showAlert(progress);
    expect(showOutcome('profile:4:sync', outcome)).toBe(true);
    expect(getAlert().payload).toBe(outcome);
  });
  it('shows on an empty banner (the progress was dismissed or timed out)', () => {
    showAlert(progress);
    clearAlert();
    expect(showOutcome('profile:4:sync', outcome)).toBe(true);
    expect(getAlert().payload).toBe(outcome);
  });
  it('leaves a newer alert, or the progress of another job, alone', () => {
    showAlert(progress);
    const newer = { status: 200, data: { message: 'Campaign saved.' } };
    showAlert(newer);
    expect(showOutcome('profile:4:sync', outcome)).toBe(false);
    expect(getAlert().payload).toBe(newer);

    const other = { ...progress, progressOf: 'profile:5:sync' };
    showAlert(other);
    expect(showOutcome('profile:4:sync', outcome)).toBe(false);
    expect(getAlert().payload).toBe(other);
  });
});
