import {
  isQaRunOpen,
  QA_FINDING_KIND_LABELS,
  QA_FINDING_KINDS,
  type QaFinding,
  type QaFindingKind,
  type QaRun,
  type QaRunDetail,
  type QaSeverity,
  STATUS_TRANSITIONS,
  type Status,
} from '@adstudio/contract';
import type { AlertPayload } from '../../lib/alert';
import { formatCount, formatCounted } from '../../lib/format';

/** "3 errors, 1 warning", "1 error", "no finding". */
export function findingsText(run: Pick<QaRun, 'errors' | 'warnings'>): string {
  const parts = [
    run.errors ? formatCounted(run.errors, 'error') : null,
    run.warnings ? formatCounted(run.warnings, 'warning') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no finding';
}

/** How far a run is: the words and the share done (null while nothing is known of its size). */
export function runProgress(run: Pick<QaRun, 'status' | 'checked' | 'total'>): {
  text: string;
  percent: number | null;
} {
  if (run.status === 'queued' && run.total === 0) return { text: 'Waiting to start…', percent: null };
  if (run.total === 0) return { text: 'Counting the variants…', percent: null };
  const checked = Math.min(run.checked, run.total);
  return {
    text: `${formatCount(checked)} / ${formatCounted(run.total, 'variant')} checked`,
    percent: Math.round((checked / run.total) * 100),
  };
}

/** "4 variants carried over from the last run", or null when none were. */
export const carriedOverText = (run: Pick<QaRun, 'carried_over'>): string | null =>
  run.carried_over > 0
    ? `${formatCount(run.carried_over)} variant${run.carried_over === 1 ? '' : 's'} carried over from the last run`
    : null;

/** A run's outcome in a few words, as its row and the tab's heading say it. */
export function verdictText(
  run: Pick<QaRun, 'status' | 'verdict' | 'errors' | 'warnings' | 'failure'>,
): string {
  switch (run.status) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return 'Running';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return run.failure ? `Could not run: ${run.failure}` : 'Could not run';
    case 'finished':
      if (run.verdict === 'passed')
        return run.warnings ? `Passed with ${formatCounted(run.warnings, 'warning')}` : 'Passed';
      return `Failed: ${findingsText(run)}`;
  }
}

/** The chip beside the creative's status: "QA passed", "QA: 3 errors", "No QA run". */
export function verdictChipText(run: QaRun | null): string {
  if (!run) return 'No QA run';
  switch (run.status) {
    case 'queued':
    case 'running':
      return `QA running: ${runProgress(run).text}`;
    case 'cancelled':
      return 'QA cancelled';
    case 'failed':
      return 'QA could not run';
    case 'finished':
      return run.verdict === 'passed' ? 'QA passed' : `QA: ${formatCounted(run.errors, 'error')}`;
  }
}

/** The chip's colour: green for a pass on the current content, red for errors, else neutral. */
export function verdictTone(run: QaRun | null): 'success' | 'error' | 'default' {
  if (run?.status !== 'finished') return 'default';
  if (run.verdict === 'failed') return 'error';
  return run.current ? 'success' : 'default';
}

/** Where the chip shows: the statuses a creative moves to ready or live from, and live itself. */
export const showsVerdict = (status: Status): boolean =>
  status === 'live' || STATUS_TRANSITIONS[status].some((next) => next === 'ready' || next === 'live');

/** The banner's name for one run's job: its outcome replaces the "started" banner (lib/alert.ts showOutcome). */
export const qaJob = (runId: number) => `qa-run:${runId}`;

/** Said when a run starts; its outcome replaces it (qaOutcome). */
export const qaStarted = (creative: { name: string }, run: Pick<QaRun, 'id'>) =>
  ({
    status: 200,
    data: { message: `QA of ${creative.name} started.` },
    progressOf: qaJob(run.id),
  }) satisfies AlertPayload;

/**
 * How a run ended, with Open going to the creative's QA tab: a pass is a success, errors a
 * warning, a run that could not check the creative an error with its reason. Null while it runs.
 */
export function qaOutcome(
  creative: { id: number; name: string },
  run: Pick<QaRun, 'status' | 'verdict' | 'errors' | 'warnings' | 'failure'>,
): AlertPayload | null {
  const goToView = { name: 'creative', id: creative.id, tab: 'qa' };
  const of = `QA of ${creative.name}`;
  switch (run.status) {
    case 'finished':
      if (run.verdict === 'passed')
        return {
          status: 200,
          data: {
            message: run.warnings
              ? `${of} passed with ${formatCounted(run.warnings, 'warning')}.`
              : `${of} passed.`,
          },
          goToView,
        };
      return {
        status: 200,
        color: 'warning',
        data: { message: `${of} finished: ${findingsText(run)}.` },
        goToView,
      };
    case 'failed':
      return {
        status: 422,
        data: { message: run.failure ? `${of} failed: ${run.failure}` : `${of} failed.` },
        goToView,
      };
    case 'cancelled':
      return { status: 200, color: 'info', data: { message: `${of} was cancelled.` }, goToView };
    default:
      return null;
  }
}

export interface FindingGroup {
  kind: QaFindingKind;
  label: string;
  /** Findings of this kind over the whole run (within the severity filter), not only this page's. */
  count: number;
  findings: QaFinding[];
}

/**
 * The page's findings grouped by kind in the contract's order, each group with its count over the
 * whole run (the run's `counts`, narrowed to `severity` when one is chosen); kinds without a
 * finding on this page are left out.
 */
export function groupFindings(
  run: Pick<QaRunDetail, 'findings' | 'counts'>,
  severity?: QaSeverity | null,
): FindingGroup[] {
  return QA_FINDING_KINDS.flatMap((kind) => {
    const findings = run.findings.filter((finding) => finding.kind === kind);
    if (findings.length === 0) return [];
    return [
      { kind, label: QA_FINDING_KIND_LABELS[kind], count: kindCount(run.counts, kind, severity), findings },
    ];
  });
}

/** Findings of a kind (all kinds when null) and severity (both when null) in a run's counts. */
export function kindCount(
  counts: QaRunDetail['counts'],
  kind: QaFindingKind | null,
  severity?: QaSeverity | null,
): number {
  return counts
    .filter((row) => (kind === null || row.kind === kind) && (!severity || row.severity === severity))
    .reduce((sum, row) => sum + row.count, 0);
}

/** Whether a run may still change: its page asks again while it is. */
export const isOpen = (run: Pick<QaRun, 'status'> | null | undefined): boolean =>
  Boolean(run && isQaRunOpen(run.status));

/** The finding's variant in words: its reporting label, else its Unique_ID. */
export const variantLabel = (finding: Pick<QaFinding, 'unique_id' | 'reporting_label'>) =>
  finding.reporting_label || finding.unique_id;
