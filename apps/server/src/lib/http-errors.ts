import { NOT_FOUND_MESSAGE } from '@adstudio/contract';

/** An error that carries its HTTP status and the Laravel-like body fields. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message = NOT_FOUND_MESSAGE) => new HttpError(404, message);
/** The row a lookup found, else the 404 of an id this user cannot see. */
export const found = <T>(row: T | undefined): T => {
  if (row === undefined) throw notFound();
  return row;
};
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const unprocessable = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
