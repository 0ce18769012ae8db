import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfileTemplatesTable } from '../../db/schema';
import { scopedRepository } from '../../lib/scoped-repository';

export type TemplateRow = Selectable<ProfileTemplatesTable>;

/** Profile templates; every query is scoped by company and sees live templates only. */
export const createTemplatesRepository = (db: Db) => ({
  list: (companyId: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_templates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),

  find: (companyId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_templates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  /** Whether another live template of the company has this name, ignoring case. */
  nameTaken: scopedRepository(db, 'profile_templates').nameTaken,

  insert: (values: Insertable<ProfileTemplatesTable>, trx: Executor = db) =>
    trx.insertInto('profile_templates').values(values).returningAll().executeTakeFirstOrThrow(),

  /** Answers the updated row, or undefined when it changed since `updatedAt` (when given) or is gone. */
  update: (
    companyId: number,
    id: number,
    updatedAt: string | undefined,
    values: Updateable<ProfileTemplatesTable>,
    trx: Executor = db,
  ) => {
    let query = trx
      .updateTable('profile_templates')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (updatedAt) query = query.where('updated_at', '=', updatedAt);
    return query.returningAll().executeTakeFirst();
  },
});
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
