import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfileTemplatesTable } from '../../db/schema';
import { scopedRepository } from '../../lib/scoped-repository';

export type TemplateRow = Selectable<ProfileTemplatesTable>;

/** Profile templates; every query is scoped by company and sees live templates unless asked otherwise. */
export const createTemplatesRepository = (db: Db) => ({
  /** Find by id / ids, name taken, guarded update and soft delete (lib/scoped-repository). */
  ...scopedRepository(db, 'profile_templates'),

  list: (companyId: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_templates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),

  insert: (values: Insertable<ProfileTemplatesTable>, trx: Executor = db) =>
    trx.insertInto('profile_templates').values(values).returningAll().executeTakeFirstOrThrow(),
});
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
