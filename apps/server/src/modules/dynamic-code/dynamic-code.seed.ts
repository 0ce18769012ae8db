import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import { createDynamicCodeRepository } from './dynamic-code.repository';
import { generateDynamicCode } from './generate';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

/**
 * The demo creatives driven by the retail feed serve one region each (their rule filter), and
 * every creative driven by a demo feed has its dynamic code generated from the synced columns.
 */
export async function seedFeedCreatives(
  db: Db,
  companyId: number,
  feedIds: readonly number[],
): Promise<void> {
  const codes = createDynamicCodeRepository(db);
  const regions = ['North', 'South', 'East', 'West'];
  const driven = await db
    .selectFrom('creatives')
    .select(['id', 'name', 'profile_id'])
    .where('company_id', '=', companyId)
    .where('profile_id', 'in', [...feedIds])
    .orderBy('id')
    .execute();
  for (const [i, creative] of driven.entries()) {
    if (creative.profile_id === feedIds[0])
      await db
        .updateTable('creatives')
        .set({ rule_filter: JSON.stringify({ column: 'Region', values: [regions[i % regions.length]] }) })
        .where('id', '=', creative.id)
        .execute();
    const source = await codes.source(companyId, creative.profile_id!);
    if (!source?.sample) continue;
    const now = nowIso();
    await codes.insert({
      company_id: companyId,
      creative_id: creative.id,
      code: generateDynamicCode({ creative, profile: source.profile, sample: source.sample }),
      status: 'generated',
      profile_id: source.profile.id,
      columns: JSON.stringify(Object.keys(source.sample)),
      generated_at: now,
      created_at: now,
      updated_at: now,
    });
  }
}
