import { PROFILE_ISSUES_KEPT, ROW_DROP_GUARD } from '@adstudio/contract';
import { CompiledQuery, type Insertable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfileErrorsTable } from '../../db/schema';
import { FeedError, type FeedTable } from '../../feeds/feed-table';
import { createRowValidator, type Issue, type RuleInput } from '../../feeds/validate-rows';
import { isPostgres } from '../../lib/indexed-filter';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { rewriteConditionUses } from '../conditions/condition-uses';
import type { OpenedFeed } from './feed-source';
import type { ProfileRow, ProfilesRepository } from './profiles.repository';

/**
 * Rows written to staging per statement. Larger batches cost more memory than they save time: their
 * rows outlive the young generation, and SQLite's multi-row insert gains little past a few hundred.
 */
const BATCH = { sqlite: 500, postgres: 1_000 };
/** Issues written per statement. */
const ISSUE_BATCH = 500;
/** How often (rows) the sync writes its progress where every instance can read it. */
const PROGRESS_EVERY = 5_000;

export const dropMessage = (before: number, after: number) =>
  `Active rows would fall from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} ` +
  `(${Math.round((1 - after / before) * 100)} % fewer). Check the feed, then sync again and confirm to accept.`;

interface Deps {
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
 * it goes, then swaps the rules in one transaction keyed by Unique_ID. Until that transaction
 * commits the previous rules are untouched, so a failure or a crash at any point leaves them as
 * they were.
 */
export function createProfileSync({ db, profiles, open }: Deps) {
  /** One transaction, or the caller's when the sync runs inside one (the demo seed does). */
  const atomically = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  /** Marks the sync failed with a user's message; the previous rules and errors stay. */
  async function fail(syncId: number, message: string) {
    const sync = await profiles.findSync(syncId);
    if (sync?.status !== 'syncing') return;
    const at = nowIso();
    await atomically(async (trx) => {
      await trx.deleteFrom('profile_sync_rows').where('sync_id', '=', syncId).execute();
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

  async function stage(table: FeedTable, profile: ProfileRow, syncId: number) {
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
    const writer = stagingWriter(db, syncId);
    const batchSize = isPostgres(db) ? BATCH.postgres : BATCH.sqlite;
    let kept = 0;
    let position = 0;
    let rules = new StagedRows();
    let issues: Insertable<ProfileErrorsTable>[] = [];
    const createdAt = nowIso();
    // One batch is written while the next is read; the one before must be written first.
    let inFlight: Promise<void> = Promise.resolve();
    const flush = async () => {
      await inFlight;
      const [batch, found] = [rules, issues];
      rules = new StagedRows();
      issues = [];
      inFlight = (async () => {
        if (batch.size > 0) await writer.rows(batch);
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
          rules.push(++position, rule);
        }
        if (rules.size >= batchSize || issues.length >= ISSUE_BATCH) await flush();
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
   */
  async function swap(trx: Executor, profile: ProfileRow, syncId: number, at: string) {
    const staged = sql`select 1 from profile_sync_rows s where s.sync_id = ${syncId}`;
    const content = sql<boolean>`(r.reporting_label <> s.reporting_label or r.is_default <> s.is_default
      or r.active <> s.active or coalesce(r.start_date, '') <> coalesce(s.start_date, '')
      or coalesce(r.end_date, '') <> coalesce(s.end_date, '') or r.condition_ids <> s.condition_ids
      or r.data <> s.data)`;
    const differs = sql<boolean>`(r.ended_at is not null or r.position <> s.position or ${content})`;
    const counts = await sql<{ revived: number | string; changed: number | string }>`
      select
        coalesce(sum(case when r.ended_at is not null then 1 else 0 end), 0) as revived,
        coalesce(sum(case when r.ended_at is null and ${content} then 1 else 0 end), 0) as changed
      from profile_rules r join profile_sync_rows s on s.sync_id = ${syncId} and s.unique_id = r.unique_id
      where r.profile_id = ${profile.id}`.execute(trx);
    const revived = Number(counts.rows[0]?.revived ?? 0);
    const changed = Number(counts.rows[0]?.changed ?? 0);

    await sql`update profile_rules as r set
        position = s.position, reporting_label = s.reporting_label, is_default = s.is_default,
        active = s.active, start_date = s.start_date, end_date = s.end_date,
        condition_ids = s.condition_ids, data = s.data, ended_at = null, updated_at = ${at}
      from profile_sync_rows s
      where s.sync_id = ${syncId} and r.profile_id = ${profile.id} and s.unique_id = r.unique_id and ${differs}`.execute(
      trx,
    );
    const inserted = await sql`insert into profile_rules
        (company_id, profile_id, position, unique_id, reporting_label, is_default, active, start_date,
         end_date, condition_ids, data, created_at, updated_at)
      select ${profile.company_id}, ${profile.id}, s.position, s.unique_id, s.reporting_label,
        s.is_default, s.active, s.start_date, s.end_date, s.condition_ids, s.data, ${at}, ${at}
      from profile_sync_rows s
      where s.sync_id = ${syncId} and not exists
        (select 1 from profile_rules r where r.profile_id = ${profile.id} and r.unique_id = s.unique_id)`.execute(
      trx,
    );
    const ended = await sql`update profile_rules set ended_at = ${at}, updated_at = ${at}
      where profile_id = ${profile.id} and ended_at is null and not exists
        (${staged} and s.unique_id = profile_rules.unique_id)`.execute(trx);
    await trx.deleteFrom('profile_sync_rows').where('sync_id', '=', syncId).execute();
    return {
      rows_added: Number(inserted.numAffectedRows ?? 0) + revived,
      rows_changed: changed,
      rows_removed: Number(ended.numAffectedRows ?? 0),
    };
  }

  return {
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
      let read: Awaited<ReturnType<typeof stage>>;
      try {
        opened = await open(profile);
        read = await stage(opened.table, profile, syncId);
      } catch (error) {
        if (error instanceof FeedError) {
          await fail(syncId, error.message);
          return;
        }
        throw error;
      } finally {
        await opened?.close();
      }

      const at = nowIso();
      const { figures } = read;
      const attempt = {
        ...figures,
        revision: opened.table.revision ?? null,
        finished_at: at,
      };
      const before = profile.rows_active;
      if (!sync.confirm && before > 0 && figures.rows_active < before * (1 - ROW_DROP_GUARD)) {
        const message = dropMessage(before, figures.rows_active);
        await atomically(async (trx) => {
          await trx.deleteFrom('profile_sync_rows').where('sync_id', '=', syncId).execute();
          await trx
            .deleteFrom('profile_errors')
            .where('profile_id', '=', profile.id)
            .where((eb) => eb.or([eb('sync_id', 'is', null), eb('sync_id', '!=', syncId)]))
            .execute();
          await profiles.updateSync(
            syncId,
            { ...attempt, status: 'needs_confirmation', error: message },
            trx,
          );
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
        // Still this sync's profile (not deleted, no newer sync took it over)?
        const current = await trx
          .selectFrom('profiles')
          .select(['sync_id', 'deleted_at'])
          .where('id', '=', profile.id)
          .executeTakeFirst();
        if (!current || current.deleted_at || current.sync_id !== syncId) {
          await trx.deleteFrom('profile_sync_rows').where('sync_id', '=', syncId).execute();
          return;
        }
        const moved = await swap(trx, profile, syncId, at);
        await rewriteConditionUses(trx, profile.company_id, profile.id);
        await trx
          .deleteFrom('profile_errors')
          .where('profile_id', '=', profile.id)
          .where((eb) => eb.or([eb('sync_id', 'is', null), eb('sync_id', '!=', syncId)]))
          .execute();
        await profiles.updateSync(syncId, { ...attempt, ...moved, status: 'synced' }, trx);
        await trx
          .updateTable('profiles')
          .set({
            status: 'synced',
            sync_error: null,
            synced_at: at,
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
      });
    },
  };
}
export type ProfileSync = ReturnType<typeof createProfileSync>;

/** A batch of staged rows, column by column (how PostgreSQL takes them). */
class StagedRows {
  readonly position: number[] = [];
  readonly uniqueId: string[] = [];
  readonly label: string[] = [];
  readonly isDefault: number[] = [];
  readonly active: number[] = [];
  readonly start: (string | null)[] = [];
  readonly end: (string | null)[] = [];
  readonly conditionIds: string[] = [];
  readonly data: string[] = [];

  get size() {
    return this.position.length;
  }

  push(position: number, rule: RuleInput) {
    this.position.push(position);
    this.uniqueId.push(rule.unique_id);
    this.label.push(rule.reporting_label);
    this.isDefault.push(rule.is_default ? 1 : 0);
    this.active.push(rule.active ? 1 : 0);
    this.start.push(rule.start);
    this.end.push(rule.end);
    this.conditionIds.push(JSON.stringify(rule.condition_ids));
    this.data.push(JSON.stringify(rule.data));
  }
}

const STAGED_COLUMNS =
  'sync_id, position, unique_id, reporting_label, is_default, active, start_date, end_date, condition_ids, data';

/**
 * JSON text never holds a raw control character (JSON.stringify escapes them), so a batch's JSON
 * columns travel as one text joined with this one and split again by PostgreSQL: as a text array
 * each value's many quotes would be escaped, costing a copy of every row and garbage to collect.
 */
const JSON_SEPARATOR = '\x1f';

/**
 * Writes batches of staged rows in one statement each, built as SQL text (the query builder costs
 * more than the write at this size). SQLite: a multi-row insert whose text, the same for every full
 * batch, keeps its prepared statement. PostgreSQL: the batch as a few arrays, `unnest`ed.
 */
function stagingWriter(db: Executor, syncId: number) {
  if (isPostgres(db)) {
    const text =
      `insert into profile_sync_rows (${STAGED_COLUMNS}) select $1::integer, t.* from unnest(` +
      '$2::integer[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::text[], $8::text[], ' +
      'string_to_array($9::text, chr(31)), string_to_array($10::text, chr(31))) as t';
    return {
      rows: async (b: StagedRows) => {
        const params = [syncId, b.position, b.uniqueId, b.label, b.isDefault, b.active, b.start, b.end];
        const json = [b.conditionIds.join(JSON_SEPARATOR), b.data.join(JSON_SEPARATOR)];
        await db.executeQuery(CompiledQuery.raw(text, [...params, ...json]));
      },
    };
  }
  const texts = new Map<number, string>();
  const textFor = (size: number) => {
    let text = texts.get(size);
    if (!text) {
      const row = `(${syncId}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
      text = `insert into profile_sync_rows (${STAGED_COLUMNS}) values ${Array(size).fill(row).join(', ')}`;
      texts.set(size, text);
    }
    return text;
  };
  return {
    rows: async (b: StagedRows) => {
      const params: unknown[] = new Array(b.size * 9);
      for (let i = 0, p = 0; i < b.size; i++) {
        params[p++] = b.position[i];
        params[p++] = b.uniqueId[i];
        params[p++] = b.label[i];
        params[p++] = b.isDefault[i];
        params[p++] = b.active[i];
        params[p++] = b.start[i];
        params[p++] = b.end[i];
        params[p++] = b.conditionIds[i];
        params[p++] = b.data[i];
      }
      await db.executeQuery(CompiledQuery.raw(textFor(b.size), params));
    },
  };
}
