import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { DB } from '../../db/schema';
import { isPostgres } from '../../lib/indexed-filter';

/**
 * Where a feed's rules stood when something began to read them (migration 2026-12-07-1620: every
 * write to a rule gives it a revision): the revisions that read could not see, and the profile's
 * counts of live rules and of deleting statements. What was read from the rules — a kept rules list
 * (decision 0148), a compiled feed (decision 0145) — is still theirs while no rule of an unseen
 * revision exists and the counts are the same.
 *
 * PostgreSQL: a revision is its writing transaction's id, and the unseen ones are those from the
 * snapshot's `xmax` on and those it saw running (its `xip`, a few). A transaction open elsewhere
 * holds nothing back: a mark at the oldest running one (`xmin`) would make every later use read
 * again all that was written since it began. SQLite, one writer: any past the profile's highest.
 */
export interface RevisionStamp {
  /** Revisions from this one on were not visible. */
  after: number;
  /** Nor were these (PostgreSQL: the transactions running then). */
  running: number[];
  /** The profile's `rules_deleted` and `rules_live` then. */
  deleted: number;
  live: number;
}

/** The profile's stamp now, taken before reading its rules; undefined without the profile. */
export async function revisionStamp(db: Executor, profileId: number): Promise<RevisionStamp | undefined> {
  const seen = isPostgres(db)
    ? sql<string>`(select txid_snapshot_xmax(s) || ':' || coalesce((select string_agg(x::text, ',') from txid_snapshot_xip(s) as x), '')
        from (select txid_current_snapshot() as s) as now)`
    : sql<string>`(select (coalesce(max(revision), 0) + 1) || ':' from profile_rules where profile_id = ${profileId})`;
  const row = await db
    .selectFrom('profiles')
    .select(['rules_deleted', 'rules_live', seen.as('seen')])
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [after, running] = row.seen.split(':');
  return {
    after: Number(after),
    running: running ? running.split(',').map(Number) : [],
    deleted: row.rules_deleted,
    live: row.rules_live,
  };
}

/** The rules (of a query on `profile_rules`) written in a revision the stamp did not see. */
export const unseenBy =
  ({ after, running }: RevisionStamp) =>
  (eb: ExpressionBuilder<DB, 'profile_rules'>) =>
    running.length > 0
      ? eb.or([eb('revision', '>=', after), eb('revision', 'in', running)])
      : eb('revision', '>=', after);

/** Whether a rule of the profile was written since the stamp (one probe of the revision index). */
export const writtenSince = async (db: Executor, profileId: number, stamp: RevisionStamp) =>
  (await db
    .selectFrom('profile_rules')
    .select('id')
    .where('profile_id', '=', profileId)
    .where(unseenBy(stamp))
    .limit(1)
    .executeTakeFirst()) !== undefined;
