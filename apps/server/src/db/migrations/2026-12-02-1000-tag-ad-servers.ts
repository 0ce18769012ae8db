import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was, not the current types
type AnyDb = Kysely<any>;

/**
 * A tag knows the ad server it is pasted into (issue 41, point 11): its snippets carry that ad
 * server's macros and its click tracker is joined to that ad server's click URL as it reads it.
 * Tags made before were written for Google Ad Manager.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('ad_tags')
    .addColumn('ad_server', 'text', (column) => column.notNull().defaultTo('gam'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('ad_tags').dropColumn('ad_server').execute();
}
