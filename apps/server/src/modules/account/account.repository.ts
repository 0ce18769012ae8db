import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';

export const createAccountRepository = (db: Db) => ({
  findUser: (id: number) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  /** Emails are unique over every user row, deleted ones included (the unique index says so). */
  emailTakenByOther: async (email: string, userId: number) =>
    (await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', userId)
      .executeTakeFirst()) !== undefined,

  updateProfile: (id: number, changes: { name: string; email: string; avatar?: string | null }) =>
    db
      .updateTable('users')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),

  updatePasswordHash: (id: number, passwordHash: string) =>
    db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', id)
      .execute(),

  updateSettings: (id: number, settings: string) =>
    db.updateTable('users').set({ settings, updated_at: nowIso() }).where('id', '=', id).execute(),

  deleteSessionsExcept: (userId: number, keepSessionId: string) =>
    db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute(),
});
export type AccountRepository = ReturnType<typeof createAccountRepository>;
