import { ifMatchValue, UpdatedAtSchema } from '@adstudio/contract';
import { HttpError, unprocessable } from './http-errors';
import { nowIso } from './time';

/**
 * The `updated_at` of a write: now, or 1 ms past the previous value when the clock has not moved on
 * (two writes in one millisecond), so every write makes a new version and a stale one never matches.
 */
export const nextUpdatedAt = (previous: string, now = nowIso()): string => {
  const floor = Date.parse(previous) + 1;
  return Date.parse(now) >= floor ? now : new Date(floor).toISOString();
};

/** One `updated_at` for a set write: later than every row's previous version. */
export const nextUpdatedAtOfAll = (previous: readonly string[], now = nowIso()): string =>
  previous.reduce((at, p) => nextUpdatedAt(p, at), now);

/** The version a field edit was based on (body field, else `If-Match`); 422 when it is no timestamp. */
export const basedOnOf = (bodyValue: string | undefined, ifMatch: string | undefined): string | undefined => {
  const value = bodyValue ?? ifMatchValue(ifMatch);
  if (value === undefined) return undefined;
  const parsed = UpdatedAtSchema.safeParse(value);
  if (!parsed.success) throw unprocessable({ updated_at: parsed.error.issues.map((i) => i.message) });
  return value;
};

/**
 * The one version rule of every update: an edit based on a version other than the row's current
 * one is refused with 409 (`message`); one based on none is unconditional.
 */
export function assertCurrentVersion(basedOn: string | undefined, current: string, message: string): void {
  if (basedOn !== undefined && !sameVersion(basedOn, current)) throw new HttpError(409, message);
}

/** Versions compare as instants: `…:00Z` and `…:00.000Z` are the same version. */
export const sameVersion = (a: string, b: string): boolean => Date.parse(a) === Date.parse(b);

export const changedMeanwhile = (noun: string) =>
  `This ${noun} was changed by someone else meanwhile. Reload it and try again.`;
