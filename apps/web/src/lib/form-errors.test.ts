import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { hasPath, serverErrors, showServerErrors, splitServerErrors } from './form-errors';

const failure = (status: number, data: unknown) =>
  new ApiError(
    'failed',
    'ERR_BAD_REQUEST',
    { method: 'PUT', url: '/v1/campaigns/1' },
    {
      status,
      statusText: '',
      headers: {},
      data,
    },
  );

describe('server 422 errors on a form', () => {
  it('takes the first message of each key, only from a 422', () => {
    expect(serverErrors(failure(422, { errors: { name: ['Taken.', 'Short.'], url: 'Bad.' } }))).toEqual({
      name: 'Taken.',
      url: 'Bad.',
    });
    expect(serverErrors(failure(409, { errors: { name: ['x'] } }))).toEqual({});
    expect(serverErrors(new Error('x'))).toEqual({});
  });

  it('finds dotted paths in the form values', () => {
    const values = { name: '', ranges: [{ start: '', end: '' }], rule_filter: null };
    expect(hasPath(values, 'ranges.0.start')).toBe(true);
    expect(hasPath(values, 'ranges.1.start')).toBe(false);
    expect(hasPath(values, 'rule_filter')).toBe(true);
    expect(hasPath(values, 'rule_filter.column')).toBe(false);
    expect(hasPath(values, 'toString')).toBe(false);
  });

  it('puts keys the form has on fields and the rest together', () => {
    expect(
      splitServerErrors(
        { name: 'Taken.', 'ranges.0.end': 'Before start.', campaign_id: 'Gone.', updated_at: 'Bad.' },
        { name: '', ranges: [{ start: '', end: '' }] },
      ),
    ).toEqual({
      fields: [
        ['name', 'Taken.'],
        ['ranges.0.end', 'Before start.'],
      ],
      rest: ['Gone.', 'Bad.'],
    });
  });

  it('sets each on the form, focusing the first field, the rest as root.server', () => {
    const setError = vi.fn();
    const form = { setError, getValues: () => ({ name: '', width: 1 }) };
    const shown = showServerErrors(
      form as never,
      failure(422, { errors: { width: ['Too wide.'], name: ['Taken.'], profile_id: ['No such profile.'] } }),
    );
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['width', { type: 'server', message: 'Too wide.' }, { shouldFocus: true }],
      ['name', { type: 'server', message: 'Taken.' }, { shouldFocus: false }],
      ['root.server', { type: 'server', message: 'No such profile.' }],
    ]);
  });
});
