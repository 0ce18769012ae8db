import { z } from 'zod';

/**
 * A numeric id in a path. Anything that is not one (text, 0, beyond the integer column) becomes 0,
 * which no row has, so it answers 404 like any other id this user cannot see.
 */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647).catch(0);
