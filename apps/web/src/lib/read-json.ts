/**
 * Readers for the few answers the shell itself needs on every first load (the user, the dashboard,
 * the global search). Everything else is parsed with the contract's zod schemas; these are not,
 * because zod's core is shared with those schemas and would put ~15 KB more (Brotli) on every
 * page's first load. Each reader returns the value or throws, like a schema's `parse`; a parser
 * built from them declares its result type, so the compiler keeps it in step with the contract.
 */
export class JsonShapeError extends Error {
  override name = 'JsonShapeError';
}

type Reader<T> = (value: unknown, path: string) => T;

const fail = (path: string, expected: string): never => {
  throw new JsonShapeError(`${path}: expected ${expected}`);
};

export const object: Reader<Record<string, unknown>> = (value, path) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail(path, 'an object');

export const string: Reader<string> = (value, path) =>
  typeof value === 'string' ? value : fail(path, 'a string');

export const boolean: Reader<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'a boolean');

export const number: Reader<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number');

export const int: Reader<number> = (value, path) =>
  Number.isInteger(value) ? (value as number) : fail(path, 'an integer');

export const oneOf =
  <const T extends string>(choices: readonly T[]): Reader<T> =>
  (value, path) =>
    (choices as readonly unknown[]).includes(value) ? (value as T) : fail(path, choices.join(' | '));

/** null stays null; absent is read as null too when `absent` is 'null' (zod's `nullish`). */
export const nullable =
  <T>(read: Reader<T>, absent: 'fail' | 'null' = 'fail'): Reader<T | null> =>
  (value, path) =>
    value === null || (value === undefined && absent === 'null') ? null : read(value, path);

export const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value, path) =>
    value === undefined ? undefined : read(value, path);

export const array =
  <T>(read: Reader<T>): Reader<T[]> =>
  (value, path) =>
    Array.isArray(value)
      ? value.map((item, index) => read(item, `${path}[${index}]`))
      : fail(path, 'an array');

export const record =
  <T>(read: Reader<T>): Reader<Record<string, T>> =>
  (value, path) =>
    Object.fromEntries(
      Object.entries(object(value, path)).map(([key, item]) => [key, read(item, `${path}.${key}`)]),
    );

/** The `data` of a `{data}` answer, read with `read`. */
export const dataOf = <T>(body: unknown, read: Reader<T>): T => read(object(body, 'body').data, 'data');
