import type { TeamListQuery, TeamSort, User } from '@adstudio/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';
import { parseJson } from '../../lib/json';
import type { SortKey } from '../../lib/list';
import { smallList } from '../../lib/small-list';
import { nowIso } from '../../lib/time';
import { wroteAny } from '../../lib/written';

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

const TEAM_SORTABLE: Record<TeamSort, SortKey> = {
  name: sql`lower(users.name)`,
  email: 'users.email',
  last_sign_in_at: { emptyLast: 'users.last_sign_in_at' },
  created_at: 'users.created_at',
};

/**
 * The users a credential, a session or an e-mail reaches: not removed, and active (an invited user
 * has no password yet; a deactivated one is locked out on their next request, on every instance).
 */
export const activeUsers = sql<boolean>`users.deleted_at is null and users.status = 'active'`;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  avatar: row.avatar,
  company_id: row.company_id,
  roles: parseJson<string[]>(row.roles, []),
  permissions: parseJson<string[]>(row.permissions, []),
  two_factor: row.two_factor_confirmed_at !== null,
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

  insert: (user: Omit<NewUser, 'created_at' | 'updated_at'>, trx: Executor = db): Promise<UserRow> => {
    const now = nowIso();
    return trx
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

  // The team, as admins see it: every query within the company.

  /** A page of the company's users: `filter` in name or email, `status` one status. */
  teamPage: (companyId: number, query: TeamListQuery, trx: Executor = db) =>
    smallList(
      trx,
      'users',
      companyId,
      { ...query, status: query.status ? [query.status] : undefined },
      {
        sortable: TEAM_SORTABLE,
        matches: (pattern) =>
          sql<boolean>`(lower(users.name) like lower(${pattern}) escape '\\'
            or users.email like lower(${pattern}) escape '\\')`,
      },
    ),

  /** The company's user (any status), locked for the change that follows on PostgreSQL. */
  inCompany: (companyId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('users')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  /** How many active admins the company has besides `exceptId`. */
  otherActiveAdmins: async (companyId: number, exceptId: number, trx: Executor = db) =>
    Number(
      (
        await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .where('id', '!=', exceptId)
          .where('status', '=', 'active')
          .where('deleted_at', 'is', null)
          .where(sql<boolean>`users.roles like '%"admin"%'`)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Removes an invited user who never joined (revoking their invitation): they have no work. */
  removeInvited: (companyId: number, id: number, trx: Executor = db) =>
    wroteAny(
      trx
        .deleteFrom('users')
        .where((eb) => eb.and({ company_id: companyId, id, status: 'invited' }))
        .executeTakeFirst(),
    ),
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

  /** Whether the company has switched rule `rule` on (two-factor sign-in, a passing QA run before live). */
  rule: async (companyId: number, rule: CompanyRule, trx: Executor = db) =>
    (await trx.selectFrom('companies').select(rule).where('id', '=', companyId).executeTakeFirstOrThrow())[
      rule
    ] === 1,

  setRule: (companyId: number, rule: CompanyRule, on: boolean, trx: Executor = db) =>
    trx
      .updateTable('companies')
      .set({ [rule]: on ? 1 : 0 })
      .where('id', '=', companyId)
      .execute(),
});
/** A company's switches its admins set. */
export type CompanyRule = 'require_two_factor' | 'qa_required';
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
