import { describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  isUniqueViolation,
  retryOnUniqueViolation,
  uniqueRace,
  violatedIndex,
} from './db-errors';
import { HttpError } from './http-errors';

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

describe('violatedIndex', () => {
  it('reads pg’s constraint and SQLite’s message for an expression index', () => {
    expect(violatedIndex(Object.assign(withCode('23505'), { constraint: 'campaigns_live_name_key' }))).toBe(
      'campaigns_live_name_key',
    );
    expect(
      violatedIndex(
        withCode('SQLITE_CONSTRAINT_UNIQUE', "UNIQUE constraint failed: index 'creatives_live_name_key'"),
      ),
    ).toBe('creatives_live_name_key');
    expect(violatedIndex(withCode('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.email'))).toBe(
      undefined,
    );
    expect(violatedIndex(withCode('SQLITE_CONSTRAINT_FOREIGNKEY', "index 'x'"))).toBe(undefined);
  });
});

describe('uniqueRace', () => {
  const race = uniqueRace(
    { index: 'media_entities_live_name_key', field: 'name', message: 'The name has already been taken.' },
    {
      index: 'media_entities_live_domain_key',
      field: 'domain',
      message: 'The domain has already been taken.',
    },
  );
  const caught = (error: unknown) => {
    try {
      race(error);
    } catch (thrown) {
      return thrown;
    }
  };

  it('answers the 422 of the rule whose index was broken, or of the first when none is named', () => {
    const domain = caught(Object.assign(withCode('23505'), { constraint: 'media_entities_live_domain_key' }));
    expect(domain).toBeInstanceOf(HttpError);
    expect(domain).toMatchObject({
      statusCode: 422,
      message: 'The domain has already been taken.',
      errors: { domain: ['The domain has already been taken.'] },
    });
    expect(caught(withCode('23505'))).toMatchObject({
      errors: { name: ['The name has already been taken.'] },
    });
  });

  it('rethrows anything else, a violation of another index included', () => {
    const other = Object.assign(withCode('23505'), { constraint: 'uploads_key_idx' });
    expect(caught(other)).toBe(other);
    const boom = new Error('boom');
    expect(caught(boom)).toBe(boom);
  });
});

describe('retryOnUniqueViolation', () => {
  it('runs the work again after a unique violation, up to the attempts given', async () => {
    let runs = 0;
    await expect(
      retryOnUniqueViolation(async () => {
        runs++;
        if (runs < 3) throw withCode('23505');
        return 'done';
      }),
    ).resolves.toBe('done');
    runs = 0;
    await expect(
      retryOnUniqueViolation(async () => {
        runs++;
        throw withCode('SQLITE_CONSTRAINT_UNIQUE');
      }, 2),
    ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryOnUniqueViolation(async () => {
        runs++;
        throw new Error('other');
      }),
    ).rejects.toThrow('other');
    expect(runs).toBe(1);
  });
});
