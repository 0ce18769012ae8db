import { ROW_DROP_GUARD } from '@adstudio/contract';
import type { Db, Executor } from '../../db/database';
import { FeedError } from '../../feeds/feed-table';
import type { TemplateColumn } from '../../feeds/validate-rows';
import { failpoint } from '../../lib/failpoints';
import { isPostgres } from '../../lib/indexed-filter';
import type { Metrics } from '../../lib/metrics';
import { nowIso } from '../../lib/time';
import { rewriteConditionUses } from '../conditions';
import type { OpenedFeed } from './feed-source';
import type { Moved, ProfileStagingRepository } from './profile-staging.repository';
import { type Read, readFeedInto } from './profile-sync-read';
import type { ProfileSyncRow, ProfileSyncsRepository } from './profile-syncs.repository';
import type { ProfileRow, ProfilesRepository } from './profiles.repository';
import type { StagingWriter } from './staged-rows';

/**
 * Rows written to staging per statement (SQLite) or per COPY (PostgreSQL). Larger batches cost more
 * memory than they save time: their rows outlive the young generation, SQLite's multi-row insert
 * gains little past a few hundred, and 5,000-row COPYs overlapped less with the reading.
 */
const BATCH = { sqlite: 500, postgres: 1_000 };

/** Rules added or ended by one sync past which the planner's statistics are taken again. */
const ANALYZE_AFTER = 10_000;

export const dropMessage = (before: number, after: number) =>
  `Active rows would fall from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} ` +
  `(${Math.round((1 - after / before) * 100)} % fewer). Check the feed, then sync again and confirm to accept.`;

interface Deps {
  /**
   * The database itself, for the sync's transactions: the swap's statements share one, and a first
   * sync on PostgreSQL holds one for its whole read (writesDirectly).
   */
  db: Db;
  profiles: Pick<ProfilesRepository, 'findAnyById'>;
  syncs: ProfileSyncsRepository;
  staging: ProfileStagingRepository;
  /** The company's live conditions by id and name, which a feed's rules name (asked of conditions). */
  liveConditions: (companyId: number) => Promise<{ id: number; name: string }[]>;
  /** The columns of the profile's template (asked of templates). */
  templateColumns: (companyId: number, id: number) => Promise<TemplateColumn[] | undefined>;
  /** Opens the profile's feed (feed-source.ts; tests may point it elsewhere). */
  open: (profile: ProfileRow) => Promise<OpenedFeed>;
}

/**
 * One sync of a profile (docs/design.md §10), run as a job: reads the feed (profile-sync-read.ts),
 * writing the good rows to staging and the issues to the errors table as it goes, then swaps the
 * rules in one transaction keyed by Unique_ID (profile-staging.repository.ts). Its states: the
 * sync row and its profile are `syncing` once started (profile-syncs.service.ts), then `synced`,
 * `failed`, or `needs_confirmation` when the active rows would drop past the guard. Until the
 * swap's transaction commits the previous rules are untouched, so a failure, a crash or a kill at
 * any point leaves them as they were.
 */
export function createProfileSync({
  db,
  profiles,
  syncs,
  staging,
  liveConditions,
  templateColumns,
  open,
}: Deps) {
  /** One transaction, or the caller's when the sync runs inside one (the demo seed does). */
  const atomically = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  /**
   * Marks the sync failed with a user's message. The previous rules stay, and so do the figures and
   * issues of the last complete sync (the History row they come from); the failure joins them as an
   * error of no row, so every view of the profile says it failed and why. The failed read's own
   * issues go: its rows were never applied.
   */
  async function fail(syncId: number, message: string) {
    // Whatever became of the sync, its staged rows go: nothing else would remove them.
    await staging.remove(syncId);
    const sync = await syncs.findSync(syncId);
    if (sync?.status !== 'syncing') return;
    const at = nowIso();
    await atomically(async (trx) => {
      await syncs.updateSync(syncId, { status: 'failed', error: message, finished_at: at }, trx);
      const last = await syncs.lastComplete(sync.profile_id, trx);
      // Rows counted before syncs were recorded stay, as the rules they made do.
      const before = last ? undefined : await profiles.findAnyById(sync.profile_id, trx);
      const shown = last?.rows_total ?? (before?.synced_at ? before.rows_total : 0);
      const current = await syncs.updateProfileOf(
        sync.profile_id,
        syncId,
        // Progress of the failed read gives way to the figures of the last complete one.
        { status: 'failed', sync_error: message, rows_total: shown, rows_processed: shown },
        trx,
      );
      if (!current) {
        await syncs.removeIssuesOf(syncId, trx);
        return;
      }
      await syncs.removeIssuesBut(sync.profile_id, last?.id ?? null, trx);
      await syncs.insertIssues(
        [
          {
            company_id: sync.company_id,
            profile_id: sync.profile_id,
            sync_id: syncId,
            row: null,
            column: null,
            value: null,
            message,
            severity: 'error',
            created_at: at,
          },
        ],
        trx,
      );
    });
  }

  /** Reads the feed into `writer`: the sync's staging, or the rules themselves (firstSync). */
  async function read(opened: OpenedFeed, profile: ProfileRow, syncId: number, writer: StagingWriter) {
    const [conditions, template] = await Promise.all([
      liveConditions(profile.company_id),
      profile.template_id ? templateColumns(profile.company_id, profile.template_id) : undefined,
    ]);
    return readFeedInto(opened.table, {
      profile,
      syncId,
      writer,
      batchSize: isPostgres(db) ? BATCH.postgres : BATCH.sqlite,
      template,
      conditions,
      syncs,
    });
  }

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
    return !(await staging.hasRules(profile.id));
  }

  async function firstSync(opened: OpenedFeed, profile: ProfileRow, syncId: number): Promise<Moved> {
    const createdAt = nowIso();
    return db.transaction().execute(async (trx) => {
      const done = await read(opened, profile, syncId, staging.rulesWriter(trx, profile, createdAt));
      if (!(await syncs.stillCurrent(profile.id, syncId, trx))) throw new Superseded();
      await failpoint('sync-swap');
      const moved = { rows_added: done.live, rows_changed: 0, rows_removed: 0 };
      await settle(trx, profile, syncId, done, attempt(done, opened), moved);
      return moved;
    });
  }

  /**
   * After staging: the row-drop guard, then the swap and the figures in one transaction. Answers
   * what the swap moved, if it ran.
   */
  async function staged(
    done: Read,
    opened: OpenedFeed,
    profile: ProfileRow,
    sync: ProfileSyncRow,
  ): Promise<Moved | undefined> {
    const syncId = sync.id;
    const { figures } = done;
    const tried = attempt(done, opened);
    const before = profile.rows_active;
    if (!sync.confirm && before > 0 && figures.rows_active < before * (1 - ROW_DROP_GUARD)) {
      const message = dropMessage(before, figures.rows_active);
      await atomically(async (trx) => {
        await staging.remove(syncId, trx);
        await syncs.keepIssuesOf(profile.id, syncId, trx);
        await syncs.updateSync(syncId, { ...tried, status: 'needs_confirmation', error: message }, trx);
        await syncs.updateProfileOf(
          profile.id,
          syncId,
          {
            status: 'needs_confirmation',
            sync_error: message,
            rows_total: figures.rows_total,
            rows_processed: figures.rows_total,
            rows_with_errors: figures.rows_with_errors,
            warnings_total: figures.warnings_total,
          },
          trx,
        );
      });
      return;
    }

    return atomically(async (trx) => {
      if (!(await syncs.stillCurrent(profile.id, syncId, trx))) {
        await staging.remove(syncId, trx);
        return undefined;
      }
      const moved = await staging.swap(trx, profile, syncId, tried.finished_at);
      await failpoint('sync-swap');
      await settle(trx, profile, syncId, done, tried, moved);
      return moved;
    });
  }

  /** The figures of a finished read, as its sync row keeps them. */
  const attempt = (done: Read, opened: OpenedFeed) => ({
    ...done.figures,
    revision: opened.table.revision ?? null,
    finished_at: nowIso(),
  });

  /** The rules are in place: conditions' uses, the errors of this sync only, the figures. */
  async function settle(
    trx: Executor,
    profile: ProfileRow,
    syncId: number,
    done: Read,
    tried: ReturnType<typeof attempt>,
    moved: Moved,
  ) {
    const { figures } = done;
    await rewriteConditionUses(trx, profile.company_id, profile.id);
    await syncs.keepIssuesOf(profile.id, syncId, trx);
    await syncs.updateSync(syncId, { ...tried, ...moved, status: 'synced' }, trx);
    await syncs.updateProfileOf(
      profile.id,
      syncId,
      {
        status: 'synced',
        sync_error: null,
        synced_at: tried.finished_at,
        columns: JSON.stringify(done.columns),
        rows_total: figures.rows_total,
        rows_processed: figures.rows_total,
        rows_active: figures.rows_active,
        rows_with_errors: figures.rows_with_errors,
        warnings_total: figures.warnings_total,
        rules_live: done.live,
      },
      trx,
    );
  }

  return {
    fail,

    /** The job: runs the sync of this id, if it is still the running one of its profile. */
    async run(syncId: number): Promise<void> {
      const sync = await syncs.findSync(syncId);
      if (sync?.status !== 'syncing') return;
      const profile = await profiles.findAnyById(sync.profile_id);
      if (!profile || profile.deleted_at || profile.sync_id !== syncId) {
        await fail(syncId, 'The profile was deleted.');
        return;
      }
      let opened: OpenedFeed | undefined;
      try {
        opened = await open(profile);
        let moved: Moved | undefined;
        if (await writesDirectly(profile)) moved = await firstSync(opened, profile, syncId);
        else {
          const done = await read(opened, profile, syncId, await staging.open(syncId));
          moved = await staged(done, opened, profile, sync);
        }
        // Statistics only speed up reading: should taking them fail, autovacuum takes them later.
        if (moved && moved.rows_added + moved.rows_removed >= ANALYZE_AFTER)
          await staging.analyzeRules().catch(() => {});
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
}

/** The profile was deleted or taken over by a newer sync while this one read: nothing to keep. */
class Superseded extends Error {}

export type ProfileSync = ReturnType<typeof createProfileSync>;

/**
 * The sync job, its outcome counted in the metrics once it ends (synced, failed or
 * needs_confirmation), with the rows it read and how long it took.
 */
export function syncsMeasured(
  metrics: Pick<Metrics, 'feedSynced'>,
  syncs: Pick<ProfileSyncsRepository, 'findSync'>,
  sync: ProfileSync,
): ProfileSync {
  return {
    ...sync,
    async run(syncId) {
      try {
        await sync.run(syncId);
      } finally {
        const ended = await syncs.findSync(syncId).catch(() => undefined);
        if (ended && ended.status !== 'syncing' && ended.finished_at)
          metrics.feedSynced(
            ended.status,
            ended.rows_total,
            Math.max(0, Date.parse(ended.finished_at) - Date.parse(ended.started_at)) / 1000,
          );
      }
    },
  };
}
