import { type Insertable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { CompanySsoTable } from '../../db/schema';

/**
 * A company's single sign-on as rows: its settings (the secret sealed by the service), its email
 * domains (one company each, the primary key says so) and its break-glass users (a flag of theirs).
 */
export const createSsoRepository = (db: Db) => ({
  find: (companyId: number, trx: Executor = db) =>
    trx.selectFrom('company_sso').selectAll().where('company_id', '=', companyId).executeTakeFirst(),

  /** The settings of the company whose SSO signs in `domain`'s users. */
  findByDomain: (domain: string, trx: Executor = db) =>
    trx
      .selectFrom('company_sso_domains')
      .innerJoin('company_sso', 'company_sso.company_id', 'company_sso_domains.company_id')
      .selectAll('company_sso')
      .where('company_sso_domains.domain', '=', domain)
      .executeTakeFirst(),

  upsert: (row: Insertable<CompanySsoTable>, trx: Executor = db) =>
    trx
      .insertInto('company_sso')
      .values(row)
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet(({ ref }) => ({
          issuer: ref('excluded.issuer'),
          client_id: ref('excluded.client_id'),
          client_secret: ref('excluded.client_secret'),
          mode: ref('excluded.mode'),
          default_roles: ref('excluded.default_roles'),
          default_permissions: ref('excluded.default_permissions'),
          required: ref('excluded.required'),
          updated_at: ref('excluded.updated_at'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow(),

  remove: async (companyId: number, trx: Executor = db) => {
    await trx.deleteFrom('company_sso_domains').where('company_id', '=', companyId).execute();
    await trx.updateTable('users').set({ sso_break_glass: 0 }).where('company_id', '=', companyId).execute();
    const result = await trx.deleteFrom('company_sso').where('company_id', '=', companyId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  domains: async (companyId: number, trx: Executor = db) =>
    (
      await trx
        .selectFrom('company_sso_domains')
        .select('domain')
        .where('company_id', '=', companyId)
        .orderBy('domain')
        .execute()
    ).map((row) => row.domain),

  /** Which of `domains` another company has. */
  domainsOfOthers: async (companyId: number, domains: readonly string[], trx: Executor = db) =>
    domains.length === 0
      ? []
      : (
          await trx
            .selectFrom('company_sso_domains')
            .select('domain')
            .where('domain', 'in', domains)
            .where('company_id', '!=', companyId)
            .execute()
        ).map((row) => row.domain),

  setDomains: async (companyId: number, domains: readonly string[], trx: Executor = db) => {
    await trx.deleteFrom('company_sso_domains').where('company_id', '=', companyId).execute();
    if (domains.length)
      await trx
        .insertInto('company_sso_domains')
        .values(domains.map((domain) => ({ domain, company_id: companyId })))
        .execute();
  },

  breakGlass: async (companyId: number, trx: Executor = db) =>
    (
      await trx
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', companyId)
        .where('sso_break_glass', '=', 1)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((row) => row.id),

  /** Of `ids`, the company's active admins: the only users who may be break-glass. */
  activeAdmins: async (companyId: number, ids: readonly number[], trx: Executor = db) =>
    ids.length === 0
      ? []
      : (
          await trx
            .selectFrom('users')
            .select('id')
            .where('company_id', '=', companyId)
            .where('id', 'in', ids)
            .where('status', '=', 'active')
            .where('deleted_at', 'is', null)
            .where(sql<boolean>`users.roles like '%"admin"%'`)
            .execute()
        ).map((row) => row.id),

  setBreakGlass: async (companyId: number, ids: readonly number[], trx: Executor = db) => {
    await trx
      .updateTable('users')
      .set({ sso_break_glass: 0 })
      .where('company_id', '=', companyId)
      .where('sso_break_glass', '=', 1)
      .execute();
    if (ids.length)
      await trx
        .updateTable('users')
        .set({ sso_break_glass: 1 })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
  },

  /** Whether the company requires SSO, so that its users' passwords are refused. */
  required: async (companyId: number, trx: Executor = db) =>
    (
      await trx
        .selectFrom('company_sso')
        .select('required')
        .where('company_id', '=', companyId)
        .executeTakeFirst()
    )?.required === 1,
});
export type SsoRepository = ReturnType<typeof createSsoRepository>;
