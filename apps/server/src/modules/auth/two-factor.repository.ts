import type { Db, Executor } from '../../db/database';
import { wroteAny } from '../../lib/written';

/** The repository of two-factor's own state: recovery codes, and the last accepted step. */
export const createTwoFactorRepository = (db: Db) => ({
  replaceRecoveryCodes: async (userId: number, hashes: readonly string[], trx: Executor) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    if (hashes.length > 0)
      await trx
        .insertInto('user_recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
        .execute();
  },

  /** Uses one unused recovery code of the user: whether this call was the one. */
  useRecoveryCode: (userId: number, hash: string, now: string, trx: Executor = db) =>
    wroteAny(
      trx
        .updateTable('user_recovery_codes')
        .set({ used_at: now })
        .where((eb) => eb.and({ user_id: userId, code_hash: hash }))
        .where('used_at', 'is', null)
        .executeTakeFirst(),
    ),

  /** Takes a time step once: only if it is later than the last one accepted (no replay). */
  takeStep: (userId: number, step: number, trx: Executor = db) =>
    wroteAny(
      trx
        .updateTable('users')
        .set({ two_factor_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
        .executeTakeFirst(),
    ),

  /** Turns it off: the secret, its steps and the recovery codes go. */
  clear: async (userId: number, trx: Executor) => {
    await trx
      .updateTable('users')
      .set({ two_factor_secret: null, two_factor_confirmed_at: null, two_factor_last_step: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  },
});
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
