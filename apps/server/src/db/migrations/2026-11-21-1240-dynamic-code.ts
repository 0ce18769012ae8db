import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/**
 * Dynamic code remembers what it was generated from: the profile and its columns (JSON list), so
 * it can say it is stale once the profile's columns change (docs/design.md §5).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('dynamic_codes').addColumn('profile_id', 'integer').execute();
  await db.schema
    .alterTable('dynamic_codes')
    .addColumn('columns', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('dynamic_codes').addColumn('generated_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['generated_at', 'columns', 'profile_id'])
    await db.schema.alterTable('dynamic_codes').dropColumn(column).execute();
}
