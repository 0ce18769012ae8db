import type { ProcessingState } from '@adstudio/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProcessingAssetsTable } from '../../db/schema';
import { parseJson } from '../../lib/json';

export type ProcessingAssetRow = Awaited<
  ReturnType<ReturnType<typeof createProcessingAssetsRepository>['findById']>
> & {};

/** Processing assets and what they are made from; every query a user's request makes is scoped by company. */
export function createProcessingAssetsRepository(db: Db) {
  return {
    /** The company's rule of a live profile, with its data and the profile's template columns. */
    async rule(companyId: number, id: number, trx: Executor = db) {
      const row = await trx
        .selectFrom('profile_rules')
        .innerJoin('profiles', 'profiles.id', 'profile_rules.profile_id')
        .leftJoin('profile_templates', (join) =>
          join
            .onRef('profile_templates.id', '=', 'profiles.template_id')
            .on('profile_templates.deleted_at', 'is', null),
        )
        .select([
          'profile_rules.id',
          'profile_rules.profile_id',
          'profile_rules.data',
          'profiles.columns',
          'profile_templates.columns as template_columns',
        ])
        .where((eb) => eb.and({ 'profile_rules.company_id': companyId, 'profile_rules.id': id }))
        .where('profiles.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        profileId: row.profile_id,
        data: parseJson<Record<string, unknown>>(row.data, {}),
        columns: parseJson<string[]>(row.columns, []),
        template: row.template_columns
          ? parseJson<{ name: string; type: string }[]>(row.template_columns, [])
          : null,
      };
    },

    /** The newest approved, unpacked package of a creative: what its backup image renders. */
    renderablePackage: (creativeId: number, trx: Executor = db) =>
      trx
        .selectFrom('packages')
        .select(['id'])
        .where('creative_id', '=', creativeId)
        .where('status', '=', 'approved')
        .where('processing', '=', 'ready')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** A rule's items for one creative, in the order they were made. */
    list: (companyId: number, creativeId: number, ruleId: number, trx: Executor = db) =>
      trx
        .selectFrom('processing_assets')
        .selectAll()
        .where((eb) => eb.and({ company_id: companyId, creative_id: creativeId, rule_id: ruleId }))
        .orderBy('id')
        .execute(),

    /** The ready backup images of these rules of a creative. */
    readyBackups: (companyId: number, creativeId: number, ruleIds: readonly number[], trx: Executor = db) =>
      ruleIds.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom('processing_assets')
            .select(['rule_id', 'storage_key', 'content_type'])
            .where((eb) =>
              eb.and({ company_id: companyId, creative_id: creativeId, kind: 'backup', state: 'ready' }),
            )
            .where('rule_id', 'in', [...ruleIds])
            .where('storage_key', 'is not', null)
            .execute(),

    /** Any company's item: jobs name it by id. */
    findById: (id: number, trx: Executor = db) =>
      trx.selectFrom('processing_assets').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Inserts the item unless it exists; answers the new row's id, or undefined when another request made it. */
    insert: async (values: Insertable<ProcessingAssetsTable>, trx: Executor = db) =>
      (
        await trx
          .insertInto('processing_assets')
          .values(values)
          .onConflict((conflict) => conflict.columns(['creative_id', 'rule_id', 'slot']).doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id,

    /**
     * Writes `values` when the item still has `source` and one of `states`: a job's result never
     * lands on an item whose URL changed meanwhile. Answers whether it did.
     */
    update: async (
      id: number,
      expect: { source: string; states: readonly ProcessingState[] },
      values: Updateable<ProcessingAssetsTable>,
      trx: Executor = db,
    ) => {
      const result = await trx
        .updateTable('processing_assets')
        .set(values)
        .where('id', '=', id)
        .where('source', '=', expect.source)
        .where('state', 'in', expect.states)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    delete: (ids: readonly number[], trx: Executor = db) =>
      ids.length === 0
        ? Promise.resolve()
        : trx
            .deleteFrom('processing_assets')
            .where('id', 'in', ids)
            .execute()
            .then(() => undefined),
  };
}
