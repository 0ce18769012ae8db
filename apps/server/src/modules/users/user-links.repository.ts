import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { UserLinksTable } from '../../db/schema';
import { wroteAny } from '../../lib/written';

type Purpose = UserLinksTable['purpose'];

/** Users' one-time links (an invitation, a password reset), found by their token's SHA-256 only. */
export const createUserLinksRepository = (db: Db) => ({
  insert: (row: Insertable<UserLinksTable>, trx: Executor = db) =>
    trx.insertInto('user_links').values(row).returningAll().executeTakeFirstOrThrow(),

  /** The link with this token's hash, if it is for `purpose`, unused and not expired at `now`. */
  usable: (tokenHash: string, purpose: Purpose, now: string, trx: Executor = db) =>
    trx
      .selectFrom('user_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** Uses a link once: answers whether this call was the one (a second use finds it used). */
  use: (id: number, now: string, trx: Executor = db) =>
    wroteAny(
      trx
        .updateTable('user_links')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst(),
    ),

  /** Ends the user's unused links of `purpose` (a resend replaces the invitation's link). */
  voidAll: (userId: number, purpose: Purpose, now: string, trx: Executor = db) =>
    trx
      .updateTable('user_links')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute(),

  /** When each of these users' pending invitation expires (the latest one's). */
  invitationExpiries: async (userIds: readonly number[], trx: Executor = db) => {
    if (userIds.length === 0) return new Map<number, string>();
    const rows = await trx
      .selectFrom('user_links')
      .select(['user_id', (eb) => eb.fn.max('expires_at').as('expires_at')])
      .where('user_id', 'in', userIds)
      .where('purpose', '=', 'invitation')
      .where('used_at', 'is', null)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, String(row.expires_at)]));
  },
});
export type UserLinksRepository = ReturnType<typeof createUserLinksRepository>;
