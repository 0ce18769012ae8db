import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CountedSection } from './sections';
import { WeightedCache } from './weighted-cache';

/** The one table read here; its rows are changed by triggers (migration 2026-11-28-1100). */
interface Versions {
  list_versions: { company_id: number; section: string; v: number | string };
}

/** A company's rows of one list, whose version every write to them changes. */
export interface VersionedRows {
  section: CountedSection;
  companyId: number;
}

/** Weight kept at most: characters of ids, about 4 MB (a list's matches are one text of up to 10,001 ids). */
const KEPT_WEIGHT = 4_000_000;
/** What is kept: by key, the version it was read at and the value; one value weighs at most an eighth. */
const kept = new WeightedCache<string, { version: string; value: unknown }>(KEPT_WEIGHT, KEPT_WEIGHT / 8);
/** How often a kept value answered, and how often `read` ran instead (for tests and benchmarks). */
export const keptStats = { kept: 0, read: 0 };

/**
 * `read()`, or what it answered before for the same `key` when the rows it depends on (`rows`) have
 * not been written since: the version is read first, and a value is kept under the version read
 * before it, so a write committed meanwhile leaves it under an older version that nobody asks for
 * again. Correct by construction, in any number of processes: every write to the rows changes the
 * version in its own transaction (triggers), and versions are random, so none comes back. Inside a
 * transaction it reads and keeps nothing (its own writes would be seen before they commit).
 * `key` must name everything else `read` depends on (its SQL and parameters). `rows` may be several
 * lists of one company (creatives on a day read campaigns too): kept under all their versions.
 */
export async function keptByVersion<DB, T>(
  executor: Kysely<DB>,
  rows: VersionedRows | readonly VersionedRows[],
  key: string,
  read: () => Promise<T>,
  weight: (value: T) => number = () => 1,
): Promise<T> {
  if (executor.isTransaction) return read();
  const version = await versionOf(executor, rows);
  // No version yet: nothing was ever written to these rows since versions exist; read as always.
  if (version === undefined) return read();
  const lists = Array.isArray(rows) ? rows : [rows as VersionedRows];
  // A long key (a query naming thousands of ids) is kept as its digest.
  const named = key.length > 256 ? createHash('sha1').update(key).digest('base64') : key;
  const full = `${lists.map((r) => `${r.section}\u0000${r.companyId}`).join('\u0000')}\u0000${named}`;
  const found = kept.get(full);
  if (found?.version === version) {
    keptStats.kept++;
    return found.value as T;
  }
  keptStats.read++;
  const value = await read();
  kept.set(full, { version, value }, weight(value));
  return value;
}

/** The versions of `rows` as one text (one read), or undefined when one of them has none yet. */
async function versionOf<DB>(executor: Kysely<DB>, rows: VersionedRows | readonly VersionedRows[]) {
  const lists = Array.isArray(rows) ? rows : [rows as VersionedRows];
  const companies = new Set(lists.map((r) => r.companyId));
  if (companies.size !== 1) throw new Error('keptByVersion: the rows of one company');
  // lib/ stays below the app's tables: list_versions is described here by the columns it reads.
  const found = await (executor as unknown as Kysely<Versions>)
    .selectFrom('list_versions')
    .select(['section', 'v'])
    .where('company_id', '=', lists[0]!.companyId)
    .where(
      'section',
      'in',
      lists.map((r) => r.section),
    )
    .execute();
  const of = new Map(found.map((row) => [row.section, String(row.v)]));
  const versions = lists.map((r) => of.get(r.section));
  return versions.includes(undefined) ? undefined : versions.join(' ');
}
