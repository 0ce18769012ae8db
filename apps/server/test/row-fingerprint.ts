import { sql } from 'kysely';
import type { TestApp } from './helper';

/**
 * Tables a refused request may legitimately write: the session's last-seen time, failed sign-ins,
 * and on PostgreSQL the rate limits' counts (every limited request counts).
 */
const BOOKKEEPING = new Set(['sessions', 'login_attempts', 'rate_limit_hits']);

/**
 * A function answering every row of every table of the test's database (bookkeeping left out) as
 * text: equal fingerprints mean no row was added, changed or removed in between.
 *
 *   const fingerprint = await rowFingerprint(t);
 *   const before = await fingerprint();
 */
export async function rowFingerprint(t: TestApp): Promise<() => Promise<string>> {
  // On PostgreSQL introspection sees every schema of the database; only this test's is ours.
  const own = t.config.database.kind === 'postgres' ? t.config.database.schema : undefined;
  const tables = (await t.db.introspection.getTables())
    .filter((table) => own === undefined || table.schema === own)
    .map((table) => table.name)
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith('kysely_'))
    .sort();
  return async () => {
    const parts = await Promise.all(
      tables.map(async (table) => {
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
        // Each row once as text, its columns in the table's order, the rows in any order: sorting the
        // rows themselves (arrays) turned every row into text at every comparison.
        const lines = rows.rows.map((row) => JSON.stringify(Object.values(row)));
        return `${table}:${lines.sort().join('\n')}`;
      }),
    );
    return parts.join('\n');
  };
}
