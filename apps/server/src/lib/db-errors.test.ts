import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors';

/** An error as the drivers throw it: a message and a `code`. */
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'ENOTFOUND',
    '08000',
    '08006',
    '08P01',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_CANTOPEN',
  ])('is true for the code %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
  ])('is true for pg’s "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('is true when every address of the host refused (an AggregateError)', () => {
    const error = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a missing table', withCode('SQLITE_ERROR', 'no such table: users')],
    ['a constraint', withCode('SQLITE_CONSTRAINT_FOREIGNKEY')],
    ['a plain error', new Error('boom')],
    [
      'a failed fetch (the refusal is its cause)',
      new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }),
    ],
    ['no error at all', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('knows both engines', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBe(true);
    expect(isUniqueViolation(withCode('ECONNREFUSED'))).toBe(false);
  });
});
