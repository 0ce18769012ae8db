import type { CampaignListQuery } from '@adstudio/contract';
import { CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs } from 'kysely';
import type { Db } from '../../src/db/database';
import { createCampaignsRepository } from '../../src/modules/campaigns/campaigns.repository';
import { engine } from '../helper';

/**
 * The plans of the ordered statements one campaigns list request runs, one entry per statement
 * (its steps one per line): the request runs through a plugin that records its statements, each
 * of which is then explained as it was sent.
 */
export async function listPlans(db: Db, companyId: number, query: CampaignListQuery): Promise<string[]> {
  const seen: PluginTransformQueryArgs[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await createCampaignsRepository(db.withPlugin(plugin)).list(companyId, query);
  const out: string[] = [];
  for (const { node, queryId } of seen) {
    const compiled = db.getExecutor().compileQuery(node, queryId);
    if (!/order by/i.test(compiled.sql)) continue;
    const verb = engine === 'postgres' ? 'explain (costs off) ' : 'explain query plan ';
    const { rows } = await db.executeQuery(CompiledQuery.raw(verb + compiled.sql, [...compiled.parameters]));
    out.push(
      (rows as Record<string, unknown>[]).map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n'),
    );
  }
  return out;
}
