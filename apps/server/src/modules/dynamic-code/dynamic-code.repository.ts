import type { Insertable, Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DynamicCodesTable } from '../../db/schema';

/** A creative's dynamic code and what it is generated from; every query is scoped by company. */
export function createDynamicCodeRepository(db: Db) {
  return {
    /** The company's live creative with its profile, if any. */
    creative: (companyId: number, id: number, trx: Executor = db) =>
      trx
        .selectFrom('creatives')
        .select(['id', 'name', 'profile_id'])
        .where((eb) => eb.and({ company_id: companyId, id }))
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /**
     * The company's live profile and its first active row in feed order (column → value, the
     * columns in sheet order as of the last sync), if any.
     */
    async source(companyId: number, profileId: number, trx: Executor = db) {
      const found = await trx
        .selectFrom('profiles')
        .select(['id', 'name', 'columns'])
        .where((eb) => eb.and({ company_id: companyId, id: profileId }))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!found) return undefined;
      const first = await trx
        .selectFrom('profile_rules')
        .select('data')
        .where((eb) => eb.and({ company_id: companyId, profile_id: profileId }))
        .where('ended_at', 'is', null)
        .orderBy('active', 'desc')
        .orderBy('position')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const data = first ? (JSON.parse(first.data) as Record<string, unknown>) : undefined;
      const columns = JSON.parse(found.columns) as string[];
      const sample =
        data && columns.length > 0 ? Object.fromEntries(columns.map((c) => [c, data[c] ?? null])) : data;
      return { profile: { id: found.id, name: found.name }, sample };
    },

    find: (companyId: number, creativeId: number, trx: Executor = db) =>
      trx
        .selectFrom('dynamic_codes')
        .selectAll()
        .where((eb) => eb.and({ company_id: companyId, creative_id: creativeId }))
        .executeTakeFirst(),

    insert: (values: Insertable<DynamicCodesTable>, trx: Executor = db) =>
      trx.insertInto('dynamic_codes').values(values).execute(),

    update: (id: number, values: Updateable<DynamicCodesTable>, trx: Executor = db) =>
      trx.updateTable('dynamic_codes').set(values).where('id', '=', id).execute(),
  };
}
export type DynamicCodeRepository = ReturnType<typeof createDynamicCodeRepository>;
