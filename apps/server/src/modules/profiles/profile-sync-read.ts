import { PROFILE_ISSUES_KEPT } from '@adstudio/contract';
import type { Insertable } from 'kysely';
import type { ProfileErrorsTable } from '../../db/schema';
import type { FeedTable } from '../../feeds/feed-table';
import { createRowValidator, type Issue, type TemplateColumn } from '../../feeds/validate-rows';
import { nowIso } from '../../lib/time';
import type { ProfileSyncsRepository } from './profile-syncs.repository';
import type { StagingWriter } from './staged-rows';

/** Issues written per statement. */
const ISSUE_BATCH = 500;
/** How often (rows) the sync writes its progress where every instance can read it. */
const PROGRESS_EVERY = 5_000;

/** What a read counted, as the profile and its sync row keep it. */
export interface Figures {
  rows_total: number;
  rows_active: number;
  rows_with_errors: number;
  warnings_total: number;
}

/** A feed read whole: its figures, how many rules it wrote (positions 1..live) and its header. */
export interface Read {
  figures: Figures;
  live: number;
  columns: string[];
}

export interface ReadInto {
  profile: { id: number; company_id: number };
  syncId: number;
  /** Where the good rows go: the sync's staging, or the rules themselves (a first sync on PostgreSQL). */
  writer: StagingWriter;
  /** Rows per written batch. */
  batchSize: number;
  /** The template's columns the rows are checked against, if the profile has one. */
  template: TemplateColumn[] | undefined;
  /** The company's conditions, which the feed's `Conditions` column names. */
  conditions: { id: number; name: string }[];
  syncs: Pick<ProfileSyncsRepository, 'insertIssues' | 'setProgress'>;
}

/**
 * Reads the feed row by row (memory stays flat), validates each row, and writes the good ones
 * through the writer and the issues to the errors table as it goes: one batch is written while
 * the next is read. At most PROFILE_ISSUES_KEPT issues are kept; the figures count them all.
 */
export async function readFeedInto(table: FeedTable, into: ReadInto): Promise<Read> {
  const { profile, syncId, writer, batchSize, syncs } = into;
  const validator = createRowValidator(table.columns, {
    template: into.template ? { columns: into.template } : undefined,
    conditionIds: new Map(into.conditions.map((c) => [c.name.trim().toLowerCase(), c.id])),
  });

  const figures: Figures = { rows_total: 0, rows_active: 0, rows_with_errors: 0, warnings_total: 0 };
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
      if (found.length > 0) await syncs.insertIssues(found);
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
        missing_conditions: issue.missing_conditions ? JSON.stringify(issue.missing_conditions) : null,
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
        await syncs.setProgress(
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
