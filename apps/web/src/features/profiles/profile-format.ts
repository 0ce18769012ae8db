import {
  gsheetIdOf,
  PROFILE_ISSUES_KEPT,
  type Profile,
  type ProfileCreate,
  type ProfileSync,
  SYNC_FAILED,
} from '@adstudio/contract';
import { formatCount, formatCounted, formatDate } from '../../lib/format';

/** How far a running sync is: a percentage once the feed's row count is known, and its words. */
export function syncProgress({
  rows_processed,
  rows_total,
}: Pick<Profile, 'rows_processed' | 'rows_total'>): { percent: number | null; text: string } {
  if (rows_total <= 0) {
    return {
      percent: null,
      text: rows_processed > 0 ? `${formatCount(rows_processed)} rows read` : 'Reading the feed…',
    };
  }
  const done = Math.min(rows_processed, rows_total);
  return {
    percent: Math.floor((done / rows_total) * 100),
    text: `${formatCount(done)} of ${formatCount(rows_total)} rows`,
  };
}

/** The reason of a failed or stopped sync, without the banner's own words when the server repeats them. */
export function syncFailureDetail(error: string | null | undefined): string {
  const text = (error ?? '').trim();
  if (!text.startsWith(SYNC_FAILED)) return text;
  return text
    .slice(SYNC_FAILED.length)
    .trim()
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
}

export const SCHEDULE_MODES = ['none', 'hourly', 'every', 'daily'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/** A schedule as the form edits it: the mode, the hours of `every N hours`, the HH:MM of `daily at`. */
export interface ScheduleParts {
  mode: ScheduleMode;
  hours: string;
  time: string;
}

export const DEFAULT_EVERY_HOURS = '6';
export const DEFAULT_DAILY_TIME = '06:00';

/**
 * The parts of a schedule (`hourly`, `every 6 hours`, `daily at 06:00`). Lenient, so a part being
 * typed (`every  hours`) reads back as typed and the contract's pattern judges it on save.
 */
export function parseSchedule(value: string | null | undefined): ScheduleParts {
  const text = (value ?? '').trim();
  const none: ScheduleParts = { mode: 'none', hours: DEFAULT_EVERY_HOURS, time: DEFAULT_DAILY_TIME };
  if (!text) return none;
  if (text === 'hourly') return { ...none, mode: 'hourly' };
  const every = /^every (.*) hours?$/.exec(text);
  if (every) return { ...none, mode: 'every', hours: every[1]?.trim() ?? '' };
  const daily = /^daily at (.*)$/.exec(text);
  if (daily) return { ...none, mode: 'daily', time: daily[1]?.trim() ?? '' };
  return none;
}

/** The schedule text the API takes ('' for none). */
export function buildSchedule({ mode, hours, time }: ScheduleParts): string {
  if (mode === 'hourly') return 'hourly';
  if (mode === 'every') return `every ${hours.trim()} hours`;
  if (mode === 'daily') return `daily at ${time.trim()}`;
  return '';
}

/** A schedule as people read it. */
export function scheduleText(value: string | null | undefined): string {
  const { mode, hours, time } = parseSchedule(value);
  if (mode === 'hourly') return 'Every hour';
  if (mode === 'every') return hours === '1' ? 'Every hour' : `Every ${hours} hours`;
  if (mode === 'daily') return `Daily at ${time} UTC`;
  return 'Not scheduled';
}

/**
 * What the one Google Sheet field holds, as the API takes it: an address (its id parsed out of it,
 * '' when there is none) or an id typed as is.
 */
export function sheetFields(text: string): { url: string; gsheet_id: string } {
  if (text.includes('/') || /^https?:/i.test(text.trim())) {
    return { url: text, gsheet_id: gsheetIdOf(text.trim()) ?? '' };
  }
  return { url: '', gsheet_id: text };
}

/** The body of a create or edit: the source's own fields only, so another source's leftovers are not sent. */
export function profileBody(values: ProfileCreate): ProfileCreate {
  const { url, gsheet_id, key, file_name } = values;
  const none = { url: undefined, gsheet_id: undefined, key: undefined, file_name: undefined };
  if (values.source === 'gsheet') return { ...values, ...none, url, gsheet_id };
  if (values.source === 'url') return { ...values, ...none, url };
  return key ? { ...values, ...none, key, file_name } : { ...values, ...none };
}

/** Where the feed comes from, in words. */
export function sourceText(profile: Pick<Profile, 'source' | 'url' | 'file_name'>): string {
  if (profile.source === 'gsheet') return 'Google Sheet';
  if (profile.source === 'upload') return profile.file_name ? `File ${profile.file_name}` : 'Uploaded file';
  try {
    return profile.url ? `URL ${new URL(profile.url).host}` : 'URL';
  } catch {
    return 'URL';
  }
}

/** "Showing 120 of 10,000 kept issues" once a sync found more than are kept; else what is shown. */
export function issuesCountLine(
  shown: number,
  profile: Pick<Profile, 'rows_with_errors' | 'warnings_total'>,
): string {
  const found = profile.rows_with_errors + profile.warnings_total;
  if (found >= PROFILE_ISSUES_KEPT) {
    return `Showing ${formatCount(shown)} of ${formatCount(PROFILE_ISSUES_KEPT)} kept issues`;
  }
  return `Showing ${formatCounted(shown, 'issue')}`;
}

/** "2 rows with errors · 1 warning": the last sync's issue figures. */
export const issueFigures = (profile: Pick<Profile, 'rows_with_errors' | 'warnings_total'>): string =>
  `${formatCounted(profile.rows_with_errors, 'row with errors', 'rows with errors')} · ${formatCounted(
    profile.warnings_total,
    'warning',
  )}`;

/** The feed columns the rules table shows as they are: those it does not already show read. */
const READ_COLUMNS = new Set([
  'unique_id',
  'reporting_label',
  'active',
  'is_default',
  'start_date',
  'end_date',
]);
export const ruleDataColumns = (columns: readonly string[]): string[] =>
  columns.filter((column) => !READ_COLUMNS.has(column.toLowerCase()));

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A rule's cell as people read it: dates DD/MM/YYYY, booleans Yes / No, nothing as ''. */
export function ruleValueText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return ISO_DAY.test(value) ? formatDate(value) : value;
}

/** Who or what started a sync. */
export function syncByText(sync: Pick<ProfileSync, 'trigger' | 'user'>): string {
  if (sync.trigger === 'schedule') return 'Schedule';
  return sync.user?.name ?? 'The system';
}

export const PROFILE_TABS = ['details', 'rules', 'history'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Readonly<Record<ProfileTab, string>> = {
  details: 'Details',
  rules: 'Rules',
  history: 'History',
};
