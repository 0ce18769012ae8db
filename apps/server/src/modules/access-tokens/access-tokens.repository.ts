import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { PersonalAccessTokensTable } from '../../db/schema';
import { activeUsers, USER_COLUMNS } from '../users';

/**
 * Personal access tokens as rows (docs/design.md §12): the session plugin verifies bearer
 * requests with `findWithUser`; the tokens module lists, creates and revokes. Every list and
 * revocation is scoped by user or company.
 */
export const createAccessTokensRepository = (db: Db) => ({
  /** The token and its (not deleted) user, in one query. */
  findWithUser: (id: number) =>
    db
      .selectFrom('personal_access_tokens')
      .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
      .where('personal_access_tokens.id', '=', id)
      .where(activeUsers)
      .select([
        'personal_access_tokens.id as token_id',
        'personal_access_tokens.name as token_name',
        'personal_access_tokens.token_hash',
        'personal_access_tokens.abilities',
        'personal_access_tokens.expires_at',
        'personal_access_tokens.last_used_at',
        ...USER_COLUMNS,
      ])
      .executeTakeFirst(),

  touch: (id: number, at: string) =>
    db.updateTable('personal_access_tokens').set({ last_used_at: at }).where('id', '=', id).execute(),

  ofUser: (userId: number, trx: Executor = db) =>
    trx
      .selectFrom('personal_access_tokens')
      .select(['id', 'name', 'abilities', 'expires_at', 'last_used_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute(),

  /** Tokens of the user that have not expired. */
  liveCount: async (userId: number, now: string, trx: Executor = db) =>
    Number(
      (
        await trx
          .selectFrom('personal_access_tokens')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  ofCompany: (companyId: number, trx: Executor = db) =>
    trx
      .selectFrom('personal_access_tokens')
      .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
      .select([
        'personal_access_tokens.id',
        'personal_access_tokens.name',
        'personal_access_tokens.abilities',
        'personal_access_tokens.expires_at',
        'personal_access_tokens.last_used_at',
        'personal_access_tokens.created_at',
        'users.id as user_id',
        'users.name as user_name',
        'users.email as user_email',
      ])
      .where('personal_access_tokens.company_id', '=', companyId)
      .orderBy('personal_access_tokens.id', 'desc')
      .execute(),

  insert: (row: Insertable<PersonalAccessTokensTable>, trx: Executor = db) =>
    trx.insertInto('personal_access_tokens').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Deletes a token of `scope` (its user, or an admin's company); answers the row it deleted. */
  /** Deletes every token of a user; answers what went. */
  revokeAllOf: (userId: number, trx: Executor = db) =>
    trx
      .deleteFrom('personal_access_tokens')
      .where('user_id', '=', userId)
      .returning(['id', 'name'])
      .execute(),

  revoke: (scope: { userId: number } | { companyId: number }, id: number, trx: Executor = db) =>
    trx
      .deleteFrom('personal_access_tokens')
      .where('id', '=', id)
      .where(
        'userId' in scope ? 'user_id' : 'company_id',
        '=',
        'userId' in scope ? scope.userId : scope.companyId,
      )
      .returning(['id', 'name', 'user_id'])
      .executeTakeFirst(),
});
export type AccessTokensRepository = ReturnType<typeof createAccessTokensRepository>;
