import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { isPostgres } from '../../lib/indexed-filter';

/**
 * Rewrites which conditions a profile's live rules name, and how many rules name each, from its
 * rules as they are now: call it inside the transaction that changed them (a sync's swap, a seed),
 * so the conditions list shows where each is used and a delete is refused without reading the
 * feed. Two statements whatever the feed's size; ids naming no condition of the company are left
 * out. `condition_ids` is a JSON array of ids, read with json_each (SQLite) or
 * jsonb_array_elements (PostgreSQL); both keep whole numbers only, so they agree on any array.
 * Most rules name no condition: their `[]` is skipped before any JSON is parsed. Kysely here, not in
 * a repository: it runs in the caller's transaction (a sync's swap, a seed), in each engine's own SQL.
 */
export async function rewriteConditionUses(
  trx: Executor,
  companyId: number,
  profileId: number,
): Promise<void> {
  await trx
    .deleteFrom('condition_uses')
    .where('company_id', '=', companyId)
    .where('profile_id', '=', profileId)
    .execute();
  const named = isPostgres(trx)
    ? sql`select r.id as rule_id, cast(e.value #>> '{}' as integer) as condition_id
          from profile_rules r
          cross join lateral jsonb_array_elements(case when jsonb_typeof(r.condition_ids::jsonb) = 'array'
            then r.condition_ids::jsonb else '[]'::jsonb end) as e(value)
          where r.profile_id = ${profileId} and r.ended_at is null and r.condition_ids <> '[]'
            and jsonb_typeof(e.value) = 'number' and (e.value #>> '{}') ~ '^[0-9]{1,9}$'`
    : sql`select r.id as rule_id, e.value as condition_id
          from profile_rules r, json_each(r.condition_ids) as e
          where r.profile_id = ${profileId} and r.ended_at is null and r.condition_ids <> '[]'
            and json_type(r.condition_ids) = 'array' and e.type = 'integer'`;
  await sql`insert into condition_uses (company_id, condition_id, profile_id, rules)
    select ${companyId}, c.id, ${profileId}, count(distinct n.rule_id)
    from (${named}) as n
    join conditions c on c.id = n.condition_id and c.company_id = ${companyId}
    group by c.id`.execute(trx);
}
