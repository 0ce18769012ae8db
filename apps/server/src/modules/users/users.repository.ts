import type { User } from '@adstudio/contract';
import type { Db, Executor } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';

/** The user's columns a credential's lookup joins in (sessions, access tokens), for `toUser`. */
export const USER_COLUMNS = [
  'users.id',
  'users.company_id',
  'users.name',
  'users.email',
  'users.avatar',
  'users.roles',
  'users.permissions',
  'users.settings',
  'users.password_hash',
  'users.created_at',
  'users.updated_at',
  'users.deleted_at',
  'users.status',
  'users.invited_at',
  'users.deactivated_at',
  'users.last_sign_in_at',
  'users.two_factor_secret',
  'users.two_factor_confirmed_at',
  'users.two_factor_last_step',
  'users.sso_break_glass',
] as const;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  avatar: row.avatar,
  company_id: row.company_id,
  roles: parseJson<string[]>(row.roles, []),
  permissions: parseJson<string[]>(row.permissions, []),
});

export const createUsersRepository = (db: Db) => ({
  findByEmail: (email: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  findById: (id: number) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  count: async () => {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert: (user: Omit<NewUser, 'created_at' | 'updated_at'>): Promise<UserRow> => {
    const now = nowIso();
    return db
      .insertInto('users')
      .values({ ...user, email: user.email.trim().toLowerCase(), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Emails are unique over every user row, deleted ones included (the unique index says so). */
  emailTakenByOther: async (email: string, userId: number, trx: Executor = db) =>
    (await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', userId)
      .executeTakeFirst()) !== undefined,

  /**
   * Updates and answers the row as stored; undefined when `guard` no longer holds (the password
   * hash or settings the caller checked changed meanwhile: a compare-and-set).
   */
  updateReturning: (
    id: number,
    changes: UserUpdate,
    { guard, trx = db }: { guard?: Pick<UserUpdate, 'password_hash' | 'settings'>; trx?: Executor } = {},
  ) => {
    let query = trx
      .updateTable('users')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id);
    if (guard?.password_hash !== undefined) query = query.where('password_hash', '=', guard.password_hash);
    if (guard?.settings !== undefined) query = query.where('settings', '=', guard.settings);
    return query.returningAll().executeTakeFirst();
  },

  update: (id: number, changes: UserUpdate, trx: Executor = db) =>
    trx
      .updateTable('users')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .executeTakeFirst(),
});
export type UsersRepository = ReturnType<typeof createUsersRepository>;

export const createCompaniesRepository = (db: Db) => ({
  first: () => db.selectFrom('companies').selectAll().orderBy('id').executeTakeFirst(),
  findByName: (name: string) =>
    db.selectFrom('companies').selectAll().where('name', '=', name).executeTakeFirst(),
  insert: (name: string) =>
    db
      .insertInto('companies')
      .values({ name, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow(),
});
