import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { SessionRow } from '../../db/schema';
import { activeUsers, USER_COLUMNS } from '../users';

export const createSessionsRepository = (db: Db) => ({
  insert: (session: SessionRow, trx: Executor = db) => trx.insertInto('sessions').values(session).execute(),

  /** The session and its (not deleted) user, in one query. */
  findWithUser: (id: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .where('sessions.id', '=', id)
      .where(activeUsers)
      .select([
        'sessions.id as session_id',
        'sessions.xsrf_token',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'companies.require_two_factor',
        ...USER_COLUMNS,
      ])
      .executeTakeFirst(),

  touch: (id: string, at: string) =>
    db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute(),

  delete: (id: string, trx: Executor = db) => trx.deleteFrom('sessions').where('id', '=', id).execute(),

  deleteForUser: (userId: number, exceptId?: string, trx: Executor = db) => {
    let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.execute();
  },

  deleteExpired: (absoluteBefore: string, idleBefore: string) =>
    db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', absoluteBefore), eb('last_seen_at', '<', idleBefore)]))
      .executeTakeFirst(),
});
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export const createLoginAttemptsRepository = (db: Db) => ({
  find: (key: string) =>
    db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst(),

  /**
   * Counts one attempt and answers the count, in one statement, starting a new window when the old
   * one has passed: parallel attempts each get their own number, so no more than the limit pass.
   */
  take: (key: string, now: string, windowStartedAfter: string) =>
    db
      .insertInto('login_attempts')
      .values({ key, failures: 1, window_started_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_attempts.window_started_at < ${windowStartedAfter} then 1 else login_attempts.failures + 1 end`,
          window_started_at: sql<string>`case when login_attempts.window_started_at < ${windowStartedAfter} then ${now} else login_attempts.window_started_at end`,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow(),

  /** Gives back an attempt that turned out to be a success. */
  giveBack: (key: string, trx: Executor = db) =>
    trx
      .updateTable('login_attempts')
      .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
      .where('key', '=', key)
      .execute(),

  clear: (keys: string[], trx: Executor = db) =>
    trx.deleteFrom('login_attempts').where('key', 'in', keys).execute(),
});
export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
