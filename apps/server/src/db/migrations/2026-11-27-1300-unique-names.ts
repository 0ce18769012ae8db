import { sql } from 'kysely';
import type { AnyDb } from './helpers';

const NAME = '2026-11-27-1300-unique-names';

/** A name rule: live rows' names are unique within `scope`, ignoring case. */
interface NameRule {
  table: string;
  /** What a name is unique within: the company, or for creatives their campaign. */
  scope: 'company_id' | 'campaign_id';
  /** The contract's longest name, which a renamed duplicate keeps to. */
  max: number;
  /** The audit log's entity type, for tables whose changes are audited. */
  entity?: string;
}

/** media_entities has had its index since 2026-11-22-1000 (media_entities_live_name_key). */
const RULES: NameRule[] = [
  { table: 'campaigns', scope: 'company_id', max: 200, entity: 'campaign' },
  { table: 'creatives', scope: 'campaign_id', max: 200, entity: 'creative' },
  { table: 'profiles', scope: 'company_id', max: 255, entity: 'profile' },
  { table: 'profile_templates', scope: 'company_id', max: 255 },
  { table: 'conditions', scope: 'company_id', max: 255, entity: 'condition' },
  { table: 'data_sources', scope: 'company_id', max: 255, entity: 'data_source' },
];

/** 1 ms past the row's version when the clock has not moved past it (lib/versions, as of this migration). */
const nextVersion = (previous: string, now: string) => {
  const floor = Date.parse(previous) + 1;
  return Date.parse(now) >= floor ? now : new Date(floor).toISOString();
};

/** "X (2)", cut so the whole stays within `max` characters. */
const numbered = (name: string, n: number, max: number) => {
  const suffix = ` (${n})`;
  return `${name.slice(0, max - suffix.length).trimEnd()}${suffix}`;
};

interface Duplicate {
  id: number;
  company_id: number;
  scope: number;
  value: string;
  folded: string;
  updated_at: string;
}

/**
 * Live rows whose `column` (folded by lower(), as the index will fold it) another live row of the
 * same scope shares, by scope and folded value, then by id: the first of each group is the original.
 */
async function duplicates(db: AnyDb, table: string, scope: string, column: string): Promise<Duplicate[][]> {
  const { rows } = await sql<Duplicate>`
    select t.id, t.company_id, t.${sql.ref(scope)} as scope, t.${sql.ref(column)} as value,
      lower(t.${sql.ref(column)}) as folded, t.updated_at
    from ${sql.table(table)} t
    join (
      select ${sql.ref(scope)} as scope, lower(${sql.ref(column)}) as folded
      from ${sql.table(table)}
      where deleted_at is null and ${sql.ref(column)} is not null
      group by ${sql.ref(scope)}, lower(${sql.ref(column)})
      having count(*) > 1
    ) d on d.scope = t.${sql.ref(scope)} and d.folded = lower(t.${sql.ref(column)})
    where t.deleted_at is null
    order by t.${sql.ref(scope)}, lower(t.${sql.ref(column)}), t.id`.execute(db);
  const groups = new Map<string, Duplicate[]>();
  for (const row of rows) {
    const key = `${row.scope}|${row.folded}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/** Writes a migration's change of one row as its service would: a new version and an audit entry. */
async function change(
  db: AnyDb,
  table: string,
  entity: string | undefined,
  row: Duplicate,
  column: string,
  to: string | null,
  now: string,
) {
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to},
    updated_at = ${nextVersion(row.updated_at, now)} where id = ${row.id}`.execute(db);
  if (!entity) return;
  await sql`insert into audit_log (company_id, user_id, entity_type, entity_id, action, changes, created_at)
    values (${row.company_id}, ${null}, ${entity}, ${row.id}, 'updated',
      ${JSON.stringify({ [column]: [row.value, to] })}, ${now})`.execute(db);
}

/**
 * Renames the later duplicates of each group "X (2)", "X (3)", …: the first number whose name no
 * row of the scope has, live or deleted (so restoring a deleted row cannot collide with it either).
 */
async function renameDuplicates(db: AnyDb, rule: NameRule, now: string) {
  const { table, scope, max, entity } = rule;
  for (const [original, ...later] of await duplicates(db, table, scope, 'name')) {
    for (const row of later) {
      let name = row.value;
      for (let n = 2; ; n++) {
        name = numbered(row.value, n, max);
        const { rows } = await sql`select 1 from ${sql.table(table)}
          where ${sql.ref(scope)} = ${row.scope} and lower(name) = lower(${name})`.execute(db);
        if (rows.length === 0) break;
      }
      await change(db, table, entity, row, 'name', name, now);
      console.warn(
        `Migration ${NAME}: ${table} ${row.id} renamed from ${JSON.stringify(row.value)} to ` +
          `${JSON.stringify(name)}; ${table} ${original!.id} has that name (names are unique, ignoring case).`,
      );
    }
  }
}

/**
 * Every "name is unique" rule becomes a unique index over live rows, ignoring case, so two writes
 * racing past the services' checks cannot both commit (docs/decisions/0079 and 0080):
 * campaigns per company, creatives per campaign, profiles, profile templates, conditions and data
 * sources per company (media entities had theirs); and a publisher's domain per company, among
 * those that have one. lower() folds every letter on both engines (SQLite's is JavaScript's,
 * db/database.ts), and the checks compare lower(name) too, so check and index agree.
 *
 * Existing duplicates do not stop the migration: the later ones (by id) are renamed "X (2)", and a
 * later publisher's duplicate domain is cleared (a domain has no free variant); each change is a new
 * version of the row, written to the audit log without a user and logged here. Blank domains, which
 * the API stores as none, become none.
 */
export async function up(db: AnyDb): Promise<void> {
  const now = new Date().toISOString();
  for (const rule of RULES) {
    await renameDuplicates(db, rule, now);
    await sql
      .raw(
        `create unique index ${rule.table}_live_name_key on ${rule.table} (${rule.scope}, lower(name)) where deleted_at is null`,
      )
      .execute(db);
  }
  // Replaced: campaigns' unique index compared names with case; creatives' was not unique.
  await db.schema.dropIndex('campaigns_company_id_name_idx').execute();
  await db.schema.dropIndex('creatives_live_campaign_name_idx').execute();

  await sql`update media_entities set domain = null where trim(domain) = ''`.execute(db);
  for (const [original, ...later] of await duplicates(db, 'media_entities', 'company_id', 'domain')) {
    for (const row of later) {
      await change(db, 'media_entities', 'media_entity', row, 'domain', null, now);
      console.warn(
        `Migration ${NAME}: media_entities ${row.id} lost its domain ${JSON.stringify(row.value)}; ` +
          `media_entities ${original!.id} has that domain (domains are unique, ignoring case).`,
      );
    }
  }
  await sql`create unique index media_entities_live_domain_key on media_entities (company_id, lower(domain))
    where deleted_at is null and domain is not null`.execute(db);
}

/** The indexes go and the old ones come back; renamed rows keep their new names. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('media_entities_live_domain_key').execute();
  for (const rule of RULES) await db.schema.dropIndex(`${rule.table}_live_name_key`).execute();
  await sql`create unique index campaigns_company_id_name_idx on campaigns (company_id, name)
    where deleted_at is null`.execute(db);
  await sql`create index creatives_live_campaign_name_idx on creatives (campaign_id, lower(name))
    where deleted_at is null`.execute(db);
}
