import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/**
 * What unpacking a producer package found (docs/design.md §5): its entry file, file count, unpacked
 * size and findings, and how far the unpack job is (`processing`), so any instance can show it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('packages')
    .addColumn('processing', 'text', (c) => c.notNull().defaultTo('queued'))
    .execute();
  await db.schema.alterTable('packages').addColumn('processing_error', 'text').execute();
  await db.schema.alterTable('packages').addColumn('entry_file', 'text').execute();
  await db.schema.alterTable('packages').addColumn('file_count', 'integer').execute();
  await db.schema.alterTable('packages').addColumn('unpacked_size', 'bigint').execute();
  await db.schema
    .alterTable('packages')
    .addColumn('findings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [
    'findings',
    'unpacked_size',
    'file_count',
    'entry_file',
    'processing_error',
    'processing',
  ])
    await db.schema.alterTable('packages').dropColumn(column).execute();
}
