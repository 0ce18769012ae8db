import type { Db, Executor } from '../../db/database';
import { parseJson } from '../../lib/json';
import { servesRule } from '../profiles';
import { ruleFilterOf } from '../rule-selection';

/**
 * What a render reads. A render token is the capability: it names a creative, so these queries
 * take the creative's id alone and everything else is reached through that creative's own rows.
 */
export function createRenderRepository(db: Db) {
  return {
    /** The live creative, with what tracking and rule checks need. */
    creative: (id: number, trx: Executor = db) =>
      trx
        .selectFrom('creatives')
        .select(['id', 'company_id', 'campaign_id', 'profile_id', 'rule_filter'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The unpacked package that renders: version `packageId` of the creative, or its newest approved one. */
    renderablePackage: (creativeId: number, packageId: number, trx: Executor = db) => {
      let query = trx
        .selectFrom('packages')
        .select(['id', 'version', 'entry_file', 'files_prefix'])
        .where('creative_id', '=', creativeId)
        .where('processing', '=', 'ready')
        .where('entry_file', 'is not', null);
      query = packageId > 0 ? query.where('id', '=', packageId) : query.where('status', '=', 'approved');
      return query.orderBy('version', 'desc').limit(1).executeTakeFirst();
    },

    /** The size of `path` among the files recorded under `prefix` (a package's live files); undefined when it is not one. */
    packageFile: (prefix: string, path: string, trx: Executor = db) =>
      trx
        .selectFrom('package_files')
        .select('size')
        .where('prefix', '=', prefix)
        .where('path', '=', path)
        .executeTakeFirst(),

    /**
     * Rule `ruleId` with its feed's name, if it is one the creative serves now: of its live feed,
     * not ended by a sync, passing its rule filter.
     */
    async servedRule(
      creative: { company_id: number; profile_id: number | null; rule_filter: string | null },
      ruleId: number,
      trx: Executor = db,
    ) {
      if (creative.profile_id === null) return undefined;
      const row = await trx
        .selectFrom('profile_rules')
        .innerJoin('profiles', 'profiles.id', 'profile_rules.profile_id')
        .select(['profile_rules.id', 'profile_rules.data', 'profiles.name as profile_name'])
        .where('profile_rules.id', '=', ruleId)
        .where('profile_rules.profile_id', '=', creative.profile_id)
        .where('profile_rules.ended_at', 'is', null)
        .where('profiles.company_id', '=', creative.company_id)
        .where('profiles.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const data = parseJson<Record<string, string | number | boolean | null>>(row.data, {});
      return servesRule(ruleFilterOf(creative.rule_filter), data)
        ? { id: row.id, profileName: row.profile_name, data }
        : undefined;
    },
  };
}
export type RenderRepository = ReturnType<typeof createRenderRepository>;
