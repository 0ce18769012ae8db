import type { DeleteResult, UpdateResult } from 'kysely';

/**
 * Whether a guarded write took effect: its UPDATE or DELETE touched a row (a link used once, a
 * step taken once, a tag revoked once). The caller's where clause is the guard.
 */
export const wroteAny = async (write: Promise<UpdateResult | DeleteResult>): Promise<boolean> => {
  const result = await write;
  return Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows) > 0;
};
