import { type Kysely, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { Database } from '../config';
import { hearServingChanges } from './database';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export const schemaOf = (database: Database) => (database.kind === 'postgres' ? database.schema : undefined);

// biome-ignore lint/suspicious/noExplicitAny: the migrator works below the typed schema
const migratorOf = (db: Kysely<any>, schema?: string) =>
  // With a PostgreSQL schema the migrator must look for its own tables there, not in any schema.
  new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });

/** Brings the schema to the latest migration; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works below the typed schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const done = applied(await migratorOf(db, schema).migrateToLatest());
  hearServingChanges(db);
  return done;
}

/** Brings the schema up to (and including) the named migration, e.g. to test the next one on old data. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works below the typed schema
export async function migrateTo(db: Kysely<any>, last: string, schema?: string): Promise<string[]> {
  const done = applied(await migratorOf(db, schema).migrateTo(last));
  hearServingChanges(db);
  return done;
}

function applied({ error, results = [] }: MigrationResultSet): string[] {
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
