import { finished } from 'node:stream/promises';
import { PROFILE_ISSUES_KEPT, ROW_DROP_GUARD } from '@adstudio/contract';
import { CompiledQuery, type Insertable, sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Executor } from '../../db/database';
import type { ProfileErrorsTable } from '../../db/schema';
import { FeedError, type FeedTable } from '../../feeds/feed-table';
import { createRowValidator, type Issue, type RuleInput } from '../../feeds/validate-rows';
import { failpoint } from '../../lib/failpoints';
import { isPostgres } from '../../lib/indexed-filter';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { rewriteConditionUses } from '../conditions';
import type { OpenedFeed } from './feed-source';
import type { ProfileRow, ProfilesRepository } from './profiles.repository';

/**
 * Rows written to staging per statement (SQLite) or per COPY (PostgreSQL). Larger batches cost more
 * memory than they save time: their rows outlive the young generation, SQLite's multi-row insert
 * gains little past a few hundred, and 5,000-row COPYs overlapped less with the reading.
 */
const BATCH = { sqlite: 500, postgres: 1_000 };
/** Bytes first set aside for a batch of COPY lines; a batch of the 20-column bench feed takes about 0.6 MB. */
const COPY_BATCH_BYTES = 1 << 20;
/** Issues written per statement. */
const ISSUE_BATCH = 500;
/** How often (rows) the sync writes its progress where every instance can read it. */
const PROGRESS_EVERY = 5_000;

export const dropMessage = (before: number, after: number) =>
  `Active rows would fall from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} ` +
  `(${Math.round((1 - after / before) * 100)} % fewer). Check the feed, then sync again and confirm to accept.`;

interface Deps {
  /**
   * The database itself, not a repository: staging is each engine's own (a COPY stream into an
   * unlogged table on PostgreSQL, a temporary table of the sync's on SQLite) and the swap's statements
   * share one transaction.
   */
  db: Db;
  profiles: ProfilesRepository;
  /** Opens the profile's feed (feed-source.ts; tests may point it elsewhere). */
  open: (profile: ProfileRow) => Promise<OpenedFeed>;
}

interface Figures {
  rows_total: number;
  rows_active: number;
  rows_with_errors: number;
  warnings_total: number;
}

/**
 * One sync of a profile (DESIGN section 10), run as a job: reads the feed row by row (memory stays
 * flat), validates each row, writes the good ones to staging and the issues to the errors table as
 * it goes, then swaps the rules in one transaction keyed by Unique_ID. Staging is where each engine
 * writes fastest (stagingOf): COPY into an unlogged table on PostgreSQL, a temporary table of the
 * sync's own on SQLite. The swap runs only the statements that have work to do (swap). Until its
 * transaction commits the previous rules are untouched, so a failure, a crash or a kill at any
 * point leaves them as they were.
 */
export function createProfileSync({ db, profiles, open }: Deps) {
  /** One transaction, or the caller's when the sync runs inside one (the demo seed does). */
  const atomically = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  /** Marks the sync failed with a user's message; the previous rules and errors stay. */
  async function fail(syncId: number, message: string) {
    // Whatever became of the sync, its staged rows go: nothing else would remove them.
    await stagingOf(db, syncId).remove();
    const sync = await profiles.findSync(syncId);
    if (sync?.status !== 'syncing') return;
    const at = nowIso();
    await atomically(async (trx) => {
      await trx.deleteFrom('profile_errors').where('sync_id', '=', syncId).execute();
      await profiles.updateSync(syncId, { status: 'failed', error: message, finished_at: at }, trx);
      await trx
        .updateTable('profiles')
        .set({ status: 'failed', sync_error: message })
        .where('id', '=', sync.profile_id)
        .where('sync_id', '=', syncId)
        .execute();
    });
  }

  /**
   * Reads, validates and writes the feed's rows: to staging, or through `direct` (a first sync on
   * PostgreSQL, straight into the rules inside the caller's transaction).
   */
  async function stage(table: FeedTable, profile: ProfileRow, syncId: number, direct?: StagingWriter) {
    const conditions = await db
      .selectFrom('conditions')
      .select(['id', 'name'])
      .where('company_id', '=', profile.company_id)
      .where('deleted_at', 'is', null)
      .execute();
    const template = profile.template_id
      ? await profiles.findTemplate(profile.company_id, profile.template_id)
      : undefined;
    const validator = createRowValidator(table.columns, {
      template: template ? { columns: parseJson(template.columns, []) } : undefined,
      conditionIds: new Map(conditions.map((c) => [c.name.trim().toLowerCase(), c.id])),
    });

    const figures: Figures = { rows_total: 0, rows_active: 0, rows_with_errors: 0, warnings_total: 0 };
    const writer = direct ?? (await stagingOf(db, syncId).open());
    const batchSize = isPostgres(db) ? BATCH.postgres : BATCH.sqlite;
    let kept = 0;
    let position = 0;
    let issues: Insertable<ProfileErrorsTable>[] = [];
    const createdAt = nowIso();
    // One batch is written while the next is read; the one before must be written first.
    let inFlight: Promise<void> = Promise.resolve();
    const flush = async () => {
      await inFlight;
      const rows = writer.size > 0 ? writer.write() : undefined;
      const found = issues;
      issues = [];
      inFlight = (async () => {
        await rows;
        if (found.length > 0) await db.insertInto('profile_errors').values(found).execute();
      })();
      // Awaited by the next flush or below; a failure must not go unhandled meanwhile.
      inFlight.catch(() => {});
    };
    const record = (found: readonly Issue[]) => {
      for (const issue of found) {
        if (issue.severity === 'warning') figures.warnings_total++;
        if (kept >= PROFILE_ISSUES_KEPT) continue;
        kept++;
        issues.push({
          company_id: profile.company_id,
          profile_id: profile.id,
          sync_id: syncId,
          row: issue.row,
          column: issue.column,
          value: issue.value,
          message: issue.message,
          severity: issue.severity,
          created_at: createdAt,
        });
      }
    };
    try {
      record(validator.headerIssues);
      for await (const row of table.rows) {
        figures.rows_total++;
        const { rule, issues: found } = validator.check(row);
        record(found);
        if (!rule) figures.rows_with_errors++;
        else {
          if (rule.active) figures.rows_active++;
          writer.push(++position, rule);
        }
        if (writer.size >= batchSize || issues.length >= ISSUE_BATCH) await flush();
        if (figures.rows_total % PROGRESS_EVERY === 0)
          await profiles.setProgress(
            profile.id,
            syncId,
            figures.rows_total,
            Math.max(table.rowsHint ?? 0, figures.rows_total),
          );
      }
      await flush();
      await inFlight;
    } finally {
      // A failed sync removes its staging: no write may still be under way when it does.
      await inFlight.catch(() => {});
    }
    return { figures, live: position, columns: table.columns };
  }

  /**
   * The swap: rules matched by Unique_ID take the new values (and keep their ids; an ended one
   * comes back), new rows become rules, rules whose rows left the feed end. One transaction.
   *
   * One pass over the staged rows joined to the rules counts what the swap will do, and only the
   * statements with work to do run: a re-sync of an unchanged feed is that pass alone, a first
   * sync (a profile without rules) one insert with nothing to join. Each skipped statement would
   * have been a pass over every staged row or rule that changed nothing.
   */
  async function swap(trx: Executor, profile: ProfileRow, syncId: number, at: string) {
    const staging = stagingOf(trx, syncId);
    const s = staging.table;
    const hasRules = await hasAnyRule(trx, profile.id);
    const insert = (onlyNew: boolean) => sql`insert into profile_rules
        (company_id, profile_id, position, unique_id, reporting_label, is_default, active, start_date,
         end_date, condition_ids, data, created_at, updated_at)
      select ${profile.company_id}, ${profile.id}, s.position, s.unique_id, s.reporting_label,
        s.is_default, s.active, s.start_date, s.end_date, s.condition_ids, s.data, ${at}, ${at}
      from ${s} s
      where s.sync_id = ${syncId}${
        onlyNew
          ? sql` and not exists
        (select 1 from profile_rules r where r.profile_id = ${profile.id} and r.unique_id = s.unique_id)`
          : sql``
      }`;
    if (!hasRules) {
      const inserted = await insert(false).execute(trx);
      await staging.remove();
      return { rows_added: Number(inserted.numAffectedRows ?? 0), rows_changed: 0, rows_removed: 0 };
    }

    const content = sql<boolean>`(r.reporting_label <> s.reporting_label or r.is_default <> s.is_default
      or r.active <> s.active or coalesce(r.start_date, '') <> coalesce(s.start_date, '')
      or coalesce(r.end_date, '') <> coalesce(s.end_date, '') or r.condition_ids <> s.condition_ids
      or r.data <> s.data)`;
    const differs = sql<boolean>`(r.ended_at is not null or r.position <> s.position or ${content})`;
    // Counted over the staged rows: `matched` and `revived` (ended rules that come back) by their
    // rules, `differing` rows that the update must write, `changed` those whose content differs.
    const counted = await sql<Record<keyof SwapCounts, number | string | null>>`
      select count(*) as staged, count(r.id) as matched,
        sum(case when r.ended_at is not null then 1 else 0 end) as revived,
        sum(case when r.ended_at is null and ${content} then 1 else 0 end) as changed,
        sum(case when ${differs} then 1 else 0 end) as differing,
        (select count(*) from profile_rules l where l.profile_id = ${profile.id} and l.ended_at is null) as live
      from ${s} s
      left join profile_rules r on r.profile_id = ${profile.id} and r.unique_id = s.unique_id
      where s.sync_id = ${syncId}`.execute(trx);
    const { staged, matched, revived, changed, differing, live } = swapCounts(counted.rows[0]);

    if (differing > 0)
      await sql`update profile_rules as r set
          position = s.position, reporting_label = s.reporting_label, is_default = s.is_default,
          active = s.active, start_date = s.start_date, end_date = s.end_date,
          condition_ids = s.condition_ids, data = s.data, ended_at = null, updated_at = ${at}
        from ${s} s
        where s.sync_id = ${syncId} and r.profile_id = ${profile.id} and s.unique_id = r.unique_id
          and ${differs}`.execute(trx);
    const added = matched < staged ? Number((await insert(true).execute(trx)).numAffectedRows ?? 0) : 0;
    // Live rules the staged rows did not all match: those that left the feed end.
    const ended =
      matched - revived < live
        ? await sql`update profile_rules set ended_at = ${at}, updated_at = ${at}
            where profile_id = ${profile.id} and ended_at is null and not exists
              (select 1 from ${s} s where s.sync_id = ${syncId}
                and s.unique_id = profile_rules.unique_id)`.execute(trx)
        : undefined;
    await staging.remove();
    return {
      rows_added: added + revived,
      rows_changed: changed,
      rows_removed: Number(ended?.numAffectedRows ?? 0),
    };
  }

  const profileSync = {
    fail,

    async run(syncId: number): Promise<void> {
      const sync = await profiles.findSync(syncId);
      if (sync?.status !== 'syncing') return;
      const profile = await profiles.findAnyById(sync.profile_id);
      if (!profile || profile.deleted_at || profile.sync_id !== syncId) {
        await fail(syncId, 'The profile was deleted.');
        return;
      }
      let opened: OpenedFeed | undefined;
      try {
        opened = await open(profile);
        if (await writesDirectly(profile)) {
          await firstSync(opened, profile, syncId);
          return;
        }
        const read = await stage(opened.table, profile, syncId);
        await staged(read, opened, profile, sync);
      } catch (error) {
        if (error instanceof FeedError) {
          await fail(syncId, error.message);
          return;
        }
        if (error instanceof Superseded) return;
        throw error;
      } finally {
        await opened?.close();
      }
    },
  };

  /**
   * Whether this sync writes its rules straight into `profile_rules`: a first sync (no rules, live
   * or ended) on PostgreSQL, outside a caller's transaction. Nothing is there to match, keep or end,
   * and the row-drop guard has nothing to compare, so staging would only copy every row twice: the
   * rules are written by COPY inside one transaction held for the whole read, while Node reads the
   * next rows on the other core. Until it commits nobody sees them; a failure or a kill rolls them
   * back. SQLite stages: one transaction held that long would stop every other writer.
   */
  async function writesDirectly(profile: ProfileRow): Promise<boolean> {
    if (!isPostgres(db) || db.isTransaction || profile.rows_active > 0) return false;
    return !(await hasAnyRule(db, profile.id));
  }

  async function firstSync(opened: OpenedFeed, profile: ProfileRow, syncId: number) {
    const createdAt = nowIso();
    await db.transaction().execute(async (trx) => {
      const read = await stage(opened.table, profile, syncId, rulesWriter(trx, profile, createdAt));
      if (!(await stillCurrent(trx, profile.id, syncId))) throw new Superseded();
      await failpoint('sync-swap');
      await settle(trx, profile, syncId, read, attempt(read, opened), {
        rows_added: read.live,
        rows_changed: 0,
        rows_removed: 0,
      });
    });
  }

  /** After staging: the row-drop guard, then the swap and the figures in one transaction. */
  async function staged(
    read: Read,
    opened: OpenedFeed,
    profile: ProfileRow,
    sync: { id: number; confirm: number },
  ) {
    const syncId = sync.id;
    const { figures } = read;
    const tried = attempt(read, opened);
    const before = profile.rows_active;
    if (!sync.confirm && before > 0 && figures.rows_active < before * (1 - ROW_DROP_GUARD)) {
      const message = dropMessage(before, figures.rows_active);
      await atomically(async (trx) => {
        await stagingOf(trx, syncId).remove();
        await trx
          .deleteFrom('profile_errors')
          .where('profile_id', '=', profile.id)
          .where((eb) => eb.or([eb('sync_id', 'is', null), eb('sync_id', '!=', syncId)]))
          .execute();
        await profiles.updateSync(syncId, { ...tried, status: 'needs_confirmation', error: message }, trx);
        await trx
          .updateTable('profiles')
          .set({
            status: 'needs_confirmation',
            sync_error: message,
            rows_total: figures.rows_total,
            rows_processed: figures.rows_total,
            rows_with_errors: figures.rows_with_errors,
            warnings_total: figures.warnings_total,
          })
          .where('id', '=', profile.id)
          .where('sync_id', '=', syncId)
          .execute();
      });
      return;
    }

    await atomically(async (trx) => {
      if (!(await stillCurrent(trx, profile.id, syncId))) {
        await stagingOf(trx, syncId).remove();
        return;
      }
      const moved = await swap(trx, profile, syncId, tried.finished_at);
      await failpoint('sync-swap');
      await settle(trx, profile, syncId, read, tried, moved);
    });
  }

  /** Still this sync's profile (not deleted, no newer sync took it over)? */
  async function stillCurrent(trx: Executor, profileId: number, syncId: number) {
    const current = await trx
      .selectFrom('profiles')
      .select(['sync_id', 'deleted_at'])
      .where('id', '=', profileId)
      .executeTakeFirst();
    return !!current && !current.deleted_at && current.sync_id === syncId;
  }

  /** The figures of a finished read, as its sync row keeps them. */
  const attempt = (read: Read, opened: OpenedFeed) => ({
    ...read.figures,
    revision: opened.table.revision ?? null,
    finished_at: nowIso(),
  });

  /** The rules are in place: conditions' uses, the errors of this sync only, the figures. */
  async function settle(
    trx: Executor,
    profile: ProfileRow,
    syncId: number,
    read: Read,
    tried: ReturnType<typeof attempt>,
    moved: Moved,
  ) {
    const { figures } = read;
    await rewriteConditionUses(trx, profile.company_id, profile.id);
    await trx
      .deleteFrom('profile_errors')
      .where('profile_id', '=', profile.id)
      .where((eb) => eb.or([eb('sync_id', 'is', null), eb('sync_id', '!=', syncId)]))
      .execute();
    await profiles.updateSync(syncId, { ...tried, ...moved, status: 'synced' }, trx);
    await trx
      .updateTable('profiles')
      .set({
        status: 'synced',
        sync_error: null,
        synced_at: tried.finished_at,
        columns: JSON.stringify(read.columns),
        rows_total: figures.rows_total,
        rows_processed: figures.rows_total,
        rows_active: figures.rows_active,
        rows_with_errors: figures.rows_with_errors,
        warnings_total: figures.warnings_total,
        rules_live: read.live,
      })
      .where('id', '=', profile.id)
      .execute();
  }

  type Read = Awaited<ReturnType<typeof stage>>;
  type Moved = Awaited<ReturnType<typeof swap>>;

  return profileSync;
}

/** Whether the profile has any rule, live or ended. */
async function hasAnyRule(executor: Executor, profileId: number): Promise<boolean> {
  const rule = await executor
    .selectFrom('profile_rules')
    .select('id')
    .where('profile_id', '=', profileId)
    .limit(1)
    .executeTakeFirst();
  return rule !== undefined;
}

/** The profile was deleted or taken over by a newer sync while this one read: nothing to keep. */
class Superseded extends Error {}

export type ProfileSync = ReturnType<typeof createProfileSync>;

type SwapCounts = Record<'staged' | 'matched' | 'revived' | 'changed' | 'differing' | 'live', number>;

/** pg answers count(*) as a number (database.ts) but sums as text, and a sum of no rows as null. */
const swapCounts = (row: Record<keyof SwapCounts, number | string | null> | undefined): SwapCounts => ({
  staged: Number(row?.staged ?? 0),
  matched: Number(row?.matched ?? 0),
  revived: Number(row?.revived ?? 0),
  changed: Number(row?.changed ?? 0),
  differing: Number(row?.differing ?? 0),
  live: Number(row?.live ?? 0),
});

const STAGED_COLUMNS =
  'sync_id, position, unique_id, reporting_label, is_default, active, start_date, end_date, condition_ids, data';

/** Fills a batch of staged rows and writes it in one statement. */
interface StagingWriter {
  /** Rows in the batch being filled. */
  readonly size: number;
  push(position: number, rule: RuleInput): void;
  /** Writes the batch filled so far; the next row starts a new one. */
  write(): Promise<void>;
}

/**
 * Where a sync's rows wait for its swap, and how they are written there (SQL text rather than the
 * query builder, which cost more than the write at this size).
 *
 * PostgreSQL: `profile_sync_rows`, unlogged (migration 2026-11-22-1100), written by COPY. The
 * staging and the swap run on different pooled connections, so the table is a shared one.
 *
 * SQLite: a temporary table of the sync's own, written by multi-row inserts. The server has one
 * SQLite connection, which sees it from the first write to the swap, and SQLite keeps temporary
 * tables outside the database file: the staged rows never pass through the write-ahead log or its
 * checkpoints, and the swap drops the table instead of deleting 100,000 rows from a shared one and
 * committing those pages. A crash takes the table with the connection. `profile_sync_rows` is
 * still emptied of the sync's rows on failure, for rows staged there before this change.
 */
function stagingOf(db: Executor, syncId: number) {
  const postgres = isPostgres(db);
  const name = postgres ? 'profile_sync_rows' : `profile_sync_rows_${syncId}`;
  const qualified = postgres ? name : `temp.${name}`;
  return {
    table: sql.table(qualified),
    async create() {
      if (postgres) return;
      await db.schema
        .createTable(name)
        .temporary()
        .ifNotExists()
        .addColumn('sync_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('unique_id', 'text', (c) => c.notNull())
        .addColumn('reporting_label', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('condition_ids', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      // The swap's joins look staged rows up by Unique_ID, as in profile_sync_rows.
      await db.schema
        .createIndex(`${name}_unique_id_idx`)
        .ifNotExists()
        .on(name)
        .columns(['sync_id', 'unique_id'])
        .unique()
        .execute();
    },
    writer: (): StagingWriter =>
      postgres
        ? copyWriter(db, `profile_sync_rows (${STAGED_COLUMNS})`, `${syncId}\t`)
        : insertWriter(db, syncId, qualified),
    /** Creates the staging, and answers its writer. */
    async open(): Promise<StagingWriter> {
      await this.create();
      return this.writer();
    },
    async remove() {
      await db.deleteFrom('profile_sync_rows').where('sync_id', '=', syncId).execute();
      if (!postgres) await db.schema.dropTable(qualified).ifExists().execute();
    },
  };
}

function insertWriter(db: Executor, syncId: number, table: string): StagingWriter {
  const texts = new Map<number, string>();
  const textFor = (size: number) => {
    let text = texts.get(size);
    if (!text) {
      const row = `(${syncId}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
      text = `insert into ${table} (${STAGED_COLUMNS}) values ${Array(size).fill(row).join(', ')}`;
      texts.set(size, text);
    }
    return text;
  };
  let params: unknown[] = [];
  let size = 0;
  return {
    get size() {
      return size;
    },
    push(position, rule) {
      params.push(
        position,
        rule.unique_id,
        rule.reporting_label,
        rule.is_default ? 1 : 0,
        rule.active ? 1 : 0,
        rule.start,
        rule.end,
        JSON.stringify(rule.condition_ids),
        JSON.stringify(rule.data),
      );
      size++;
    },
    async write() {
      const [text, batch] = [textFor(size), params];
      [params, size] = [[], 0];
      await db.executeQuery(CompiledQuery.raw(text, batch));
    },
  };
}

/**
 * A first sync's rules, written by COPY straight into `profile_rules` inside the sync's transaction
 * (PostgreSQL): the constant columns lead each line, then the staged columns in their order.
 */
function rulesWriter(trx: Executor, profile: ProfileRow, at: string): StagingWriter {
  const columns = STAGED_COLUMNS.replace('sync_id, ', '');
  return copyWriter(
    trx,
    `profile_rules (company_id, profile_id, created_at, updated_at, ${columns})`,
    `${profile.company_id}\t${profile.id}\t${copyText(at)}\t${copyText(at)}\t`,
  );
}

/**
 * COPY in PostgreSQL's text format, one COPY per batch: the rows travel as the lines PostgreSQL
 * reads, with no parameters to serialise (the arrays an `unnest` insert took cost the server more
 * to parse and the client more to escape). Each COPY runs on a connection of its own from the pool,
 * held until the COPY ends, so no other query waits behind it; inside a caller's transaction it
 * runs on that transaction's connection, whose queries pg queues behind the COPY. The batch is
 * written whole before anything is awaited, so nothing the sync does meanwhile can wait on it.
 */
function copyWriter(db: Executor, target: string, prefix: string): StagingWriter {
  const statement = `copy ${target} from stdin`;
  // Each row's line is written into the batch's bytes at once: a batch kept as one growing string
  // would be a rope of 10,000 pieces, flattened and encoded again when sent.
  let bytes = Buffer.allocUnsafe(COPY_BATCH_BYTES);
  let used = 0;
  let size = 0;
  return {
    get size() {
      return size;
    },
    push(position, rule) {
      const line =
        `${prefix}${position}\t${copyText(rule.unique_id)}\t${copyText(rule.reporting_label)}\t` +
        `${rule.is_default ? 1 : 0}\t${rule.active ? 1 : 0}\t${copyNullable(rule.start)}\t` +
        `${copyNullable(rule.end)}\t${copyJson(JSON.stringify(rule.condition_ids))}\t` +
        `${copyJson(JSON.stringify(rule.data))}\n`;
      // A UTF-16 code unit takes at most 3 bytes in UTF-8.
      if (used + line.length * 3 > bytes.length) {
        const larger = Buffer.allocUnsafe(Math.max(bytes.length * 2, used + line.length * 3));
        bytes.copy(larger, 0, 0, used);
        bytes = larger;
      }
      used += bytes.write(line, used);
      size++;
    },
    write() {
      const rows = bytes.subarray(0, used);
      [bytes, used, size] = [Buffer.allocUnsafe(COPY_BATCH_BYTES), 0, 0];
      return db.isTransaction
        ? copyIn(db, statement, rows)
        : db.connection().execute((connection) => copyIn(connection, statement, rows));
    },
  };
}

async function copyIn(connection: Executor, statement: string, rows: Buffer) {
  const stream = copyFrom(statement);
  const done = finished(stream);
  // Settled below; should the statement never start, its failure must not go unhandled.
  done.catch(() => {});
  // Kysely hands a query's text to pg's client.query, which takes a stream like this one in its
  // place: Kysely has no other way to a pooled client, and this keeps the client Kysely holds.
  // pg-copy-streams: node-postgres runs a stream given as the query text; Kysely types it as text.
  await connection.executeQuery({ ...CompiledQuery.raw(''), sql: stream as unknown as string });
  stream.end(rows);
  await done;
}

/** COPY's text format reads a backslash as an escape and a tab or line break as the row's end. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyText = (value: string) =>
  COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c] ?? c) : value;
const copyNullable = (value: string | null) => (value === null ? '\\N' : copyText(value));
/** JSON text holds no raw tab or line break (JSON.stringify escapes them), only backslashes. */
const copyJson = (json: string) => (json.includes('\\') ? json.replaceAll('\\', '\\\\') : json);
