import { sql } from 'kysely';
import { type AnyDb, addColumns, companyTable, createIndex, dropColumns, fk } from './helpers';

const DATA_SOURCES_COLUMNS = [
  ['timeout_ms', 'integer', 3000],
  ['default_value', 'text'],
  ['last_value', 'text'],
  ['fetched_at', 'text'],
  ['last_error', 'text'],
  ['failed_at', 'text'],
] as const;

/**
 * Conditions and data sources.
 * - conditions.expression becomes `{logic, predicates}` (it was `{match, rules}`).
 * - data_sources gain what a fetch needs and leaves: timeout, default value, the last value and
 *   error. `headers` holds the header values sealed with APP_KEY (lib/secrets.ts).
 * - data_source_values caches the values of data sources whose URL has `{placeholders}`, one row
 *   per filled URL.
 * - condition_uses: which profiles' live rules name which conditions, and how many, rewritten by
 *   each sync's swap in its transaction, so a list of conditions shows where each is used and a
 *   delete is refused without reading a 700,000-row feed.
 * - media_entities gain a contact name, and live names are unique per company (ignoring case).
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'data_sources', DATA_SOURCES_COLUMNS);

  await companyTable(db, 'data_source_values')
    .addColumn('data_source_id', 'integer', fk('data_sources'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('fetched_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('data_source_values_url_key', ['data_source_id', 'url'])
    .execute();

  await db.schema
    .createTable('condition_uses')
    .addColumn('company_id', 'integer', fk('companies'))
    .addColumn('condition_id', 'integer', fk('conditions'))
    .addColumn('profile_id', 'integer', fk('profiles'))
    .addColumn('rules', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('condition_uses_pk', ['condition_id', 'profile_id'])
    .execute();
  await createIndex(db, 'condition_uses_profile_idx', 'condition_uses', ['profile_id']);

  await db.schema.alterTable('media_entities').addColumn('contact_name', 'text').execute();
  // Live publishers' names are unique per company ignoring case, also between two concurrent creates.
  await sql`create unique index media_entities_live_name_key on media_entities (company_id, lower(name))
    where deleted_at is null`.execute(db);

  // {match, rules} → {logic, predicates}.
  const { rows } = await sql<{
    id: number;
    expression: string;
  }>`select id, expression from conditions`.execute(db);
  for (const row of rows) {
    let old: { match?: string; rules?: unknown[]; logic?: string; predicates?: unknown[] } = {};
    try {
      old = JSON.parse(row.expression);
    } catch {}
    const expression = {
      logic: old.logic ?? (old.match === 'any' ? 'any' : 'all'),
      predicates: old.predicates ?? old.rules ?? [],
    };
    await sql`update conditions set expression = ${JSON.stringify(expression)} where id = ${row.id}`.execute(
      db,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('media_entities_live_name_key').execute();
  await db.schema.alterTable('media_entities').dropColumn('contact_name').execute();
  await db.schema.dropTable('condition_uses').execute();
  await db.schema.dropTable('data_source_values').execute();
  await dropColumns(db, 'data_sources', DATA_SOURCES_COLUMNS);
}
