import { z } from 'zod';

/** The router's limit on one path parameter: the longest `maxLength` a route documents (a render's file path). */
export const MAX_PARAM_LENGTH = 1000;

/** The largest id an integer column holds (PostgreSQL's `integer`): a larger one names no row. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id in a path: decimal digits only (no sign, exponent, hex, spaces or fraction). Anything
 * else (and 0, or beyond the integer column) becomes 0, which no row has, so it answers 404 like any
 * other id this user cannot see.
 */
export const idParam = z
  .string()
  .max(10)
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID))
  .catch(0);
