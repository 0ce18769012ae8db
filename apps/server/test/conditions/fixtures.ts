import type { ConditionExpression } from '@adstudio/contract';
import type { Db } from '../../src/db/database';
import { rewriteConditionUses } from '../../src/modules/conditions/condition-uses';
import { INSERTED_AT } from '../data-sources/fixtures';

export { INSERTED_AT, insertDataSource } from '../data-sources/fixtures';

/** A condition row with an expression (a weekday test unless given). */
export async function insertCondition(
  db: Db,
  c: { companyId: number; name: string; deleted?: boolean; expression?: ConditionExpression },
): Promise<number> {
  const expression = c.expression ?? {
    logic: 'all',
    predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
  };
  const row = await db
    .insertInto('conditions')
    .values({
      company_id: c.companyId,
      name: c.name,
      expression: JSON.stringify(expression),
      created_at: INSERTED_AT,
      updated_at: INSERTED_AT,
      deleted_at: c.deleted ? INSERTED_AT : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Rules of a profile naming conditions (one rule per list of condition ids; `ended` rules left the
 * feed), then the profile's condition uses rewritten as a sync's swap does.
 */
export async function insertRulesNaming(
  db: Db,
  r: {
    companyId: number;
    profileId: number;
    rules: readonly (readonly number[])[];
    ended?: readonly (readonly number[])[];
  },
): Promise<void> {
  const rows = [
    ...r.rules.map((ids) => ({ ids, ended: false })),
    ...(r.ended ?? []).map((ids) => ({ ids, ended: true })),
  ];
  if (rows.length > 0)
    await db
      .insertInto('profile_rules')
      .values(
        rows.map(({ ids, ended }, i) => ({
          company_id: r.companyId,
          profile_id: r.profileId,
          position: i + 1,
          unique_id: `u${i}`,
          condition_ids: JSON.stringify(ids),
          data: '{}',
          ended_at: ended ? INSERTED_AT : null,
          created_at: INSERTED_AT,
          updated_at: INSERTED_AT,
        })),
      )
      .execute();
  await rewriteConditionUses(db, r.companyId, r.profileId);
}

export const auditOf = (db: Db, entityType: 'condition' | 'data_source', id: number) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
