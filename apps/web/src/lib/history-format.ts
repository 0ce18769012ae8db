import {
  type ConditionOperator,
  type HistoryEntry,
  type HistoryRefType,
  operatorLabel,
  STATUSES,
  type Status,
} from '@adstudio/contract';
import { href } from '../config/paths';
import { formatBytes, formatCount, formatDate, formatDateTime } from './format';

/** One side of an audit change as a person reads it: words, a status chip, or a name that opens its page. */
export type HistoryValue =
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: Status }
  | { kind: 'link'; text: string; to: string };

/** One side of a change of `field`, read with its entry (whose `refs` name the ids). */
type Format = (value: unknown, field: string, entry: HistoryEntry) => HistoryValue;

export interface HistoryField {
  label: string;
  format?: Format;
  /** Bookkeeping a person has no use for (storage keys, the company). */
  hidden?: boolean;
}

export const EMPTY = '—';
/** An id the server named nothing for: the row is gone (or was never this company's). */
export const GONE = '(no longer exists)';

const text = (value: string): HistoryValue => ({ kind: 'text', text: value });
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Any value without a formatter of its own, readable: dates DD/MM/YYYY, timestamps with the time,
 * booleans Yes / No, ranges as spans, lists joined, nothing as '—'.
 */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value);
    return ISO_TIMESTAMP.test(value) ? formatDateTime(value) || value : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    return value.map((entry) => formatChangeValue(entry)).join(', ');
  }
  if (isObject(value)) {
    if (typeof value.start === 'string' && typeof value.end === 'string') {
      return `${formatDate(value.start)} - ${formatDate(value.end)}`;
    }
    return Object.entries(value)
      .map(([key, entry]) => `${key}: ${formatChangeValue(entry)}`)
      .join('; ');
  }
  return String(value);
}

const plain: Format = (value) => text(formatChangeValue(value));
const blankOr =
  (format: (value: unknown) => string): Format =>
  (value) =>
    text(value === null || value === undefined || value === '' ? EMPTY : format(value));

/** An enum's values in words; a value it does not know reads as is. */
const words = (labels: Readonly<Record<string, string>>): Format =>
  blankOr((value) => labels[String(value)] ?? formatChangeValue(value));

const PAGES: Partial<Record<HistoryRefType, (id: number) => string>> = {
  campaign: (id) => href('campaign.view', { id }),
  creative: (id) => href('creative.view', { id }),
  profile: (id) => href('profile.view', { id }),
};

/** An id as the name of what it points at (from the entry's `refs`), linked to its page while it has one. */
const reference: Format = (value, field, entry) => {
  if (value === null || value === undefined || value === '') return text(EMPTY);
  const ref = entry.refs?.[field]?.[String(value)];
  if (!ref) return text(GONE);
  if (ref.deleted) return text(`${ref.name} (deleted)`);
  const page = PAGES[ref.type];
  return page ? { kind: 'link', text: ref.name, to: page(Number(value)) } : text(ref.name);
};

/** The table's status as the lists show it; another section's status (a package's) in words. */
const PACKAGE_STATUS_WORDS: Readonly<Record<string, string>> = {
  uploaded: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
};
const status: Format = (value, field, entry) =>
  (STATUSES as readonly unknown[]).includes(value)
    ? { kind: 'status', status: value as Status }
    : words(PACKAGE_STATUS_WORDS)(value, field, entry);

const SCHEDULE = /^(?:every (\d+) hours|daily at (\d{2}:\d{2}))$/;
/** `hourly`, `every 6 hours`, `daily at 06:00` (UTC), as the profile page says them. */
const schedule = blankOr((value) => {
  const [, hours, time] = SCHEDULE.exec(String(value)) ?? [];
  if (value === 'hourly' || hours === '1') return 'Every hour';
  if (hours) return `Every ${hours} hours`;
  if (time) return `Daily at ${time} UTC`;
  return String(value);
});

/** `{column, values}`: "Region is one of North, South". */
const ruleFilter = blankOr((value) => {
  if (!isObject(value) || typeof value.column !== 'string' || !Array.isArray(value.values)) {
    return formatChangeValue(value);
  }
  const values = value.values.map(String);
  return `${value.column} ${values.length === 1 ? 'is' : 'is one of'} ${values.join(', ')}`;
});

const contextField = (field: string) =>
  field.startsWith('param:')
    ? `parameter ${field.slice(6)}`
    : field.startsWith('datasource:')
      ? 'a data source'
      : field;

/** Conditions' `{field, operator, value}` list: "country is one of FR, BE; device is mobile". */
const predicates = blankOr((value) => {
  if (!Array.isArray(value) || value.length === 0) return formatChangeValue(value);
  return value
    .map((predicate) => {
      if (!isObject(predicate) || typeof predicate.field !== 'string') return formatChangeValue(predicate);
      const operator = operatorLabel(predicate.operator as ConditionOperator, predicate.field) ?? '';
      const values = Array.isArray(predicate.value)
        ? predicate.value
            .map((entry) => formatChangeValue(entry))
            .join(predicate.operator === 'between' ? ' and ' : ', ')
        : formatChangeValue(predicate.value);
      return `${contextField(predicate.field)} ${operator} ${values}`;
    })
    .join('; ');
});

const unit = (suffix: string) => blankOr((value) => `${formatChangeValue(value)} ${suffix}`);

/**
 * Every field the audit log records, whichever section wrote it, and how the history shows it:
 * one registry for every history tab. Fields name the same thing in every section; where a value
 * points at another row (`campaign_id`, a creative's or campaign's `cloned_from`), the entry's
 * `refs` say what it is.
 */
export const HISTORY_FIELDS: Readonly<Record<string, HistoryField>> = {
  name: { label: 'Name' },
  url: { label: 'URL' },
  status: { label: 'Status', format: status },
  deleted_at: { label: 'Deleted' },
  cloned_from: { label: 'Copied from', format: reference },
  // Campaigns.
  ranges: { label: 'Ranges' },
  launch_date: { label: 'Launch date' },
  end_date: { label: 'End date' },
  // Creatives.
  campaign_id: { label: 'Campaign', format: reference },
  width: { label: 'Width', format: unit('px') },
  height: { label: 'Height', format: unit('px') },
  click_url: { label: 'Click URL' },
  profile_id: { label: 'Profile', format: reference },
  rule_filter: { label: 'Rule filter', format: ruleFilter },
  fallback_asset_id: { label: 'Backup image', format: reference },
  dynamic_code: {
    label: 'Dynamic code',
    format: words({
      generated: 'Generated',
      implemented: 'Implemented in the package',
      verified: 'Verified',
    }),
  },
  // Assets and packages.
  creative_id: { label: 'Creative', format: reference },
  original_name: { label: 'Original name' },
  content_type: { label: 'Type' },
  extension: { label: 'Extension' },
  size: { label: 'Size', format: blankOr((value) => formatBytes(Number(value))) },
  version: { label: 'Version' },
  notes: { label: 'Notes' },
  created_by: { label: 'Uploaded by', format: reference },
  // Profiles.
  source: {
    label: 'Source',
    format: words({ gsheet: 'Google Sheet', upload: 'Uploaded file', url: 'Feed URL' }),
  },
  gsheet_id: { label: 'Sheet id' },
  file_name: { label: 'File' },
  template_id: { label: 'Template', format: reference },
  schedule: { label: 'Schedule', format: schedule },
  // Conditions.
  logic: { label: 'Holds when', format: words({ all: 'All predicates hold', any: 'Any predicate holds' }) },
  predicates: { label: 'Predicates', format: predicates },
  // Data sources.
  method: { label: 'Method' },
  headers: { label: 'Headers' },
  json_path: { label: 'JSON path' },
  refresh_seconds: { label: 'Refresh every', format: unit('s') },
  timeout_ms: { label: 'Timeout', format: unit('ms') },
  default_value: { label: 'Default value' },
  // Publishers.
  domain: { label: 'Domain' },
  contact_name: { label: 'Contact name' },
  contact_email: { label: 'Contact email' },
  // Kept for the record, not for reading.
  company_id: { label: 'Company', hidden: true },
  storage_key: { label: 'Stored file', hidden: true },
  file_key: { label: 'Stored file', hidden: true },
  sha256: { label: 'Checksum', hidden: true },
  created_at: { label: 'Created', hidden: true },
  updated_at: { label: 'Updated', hidden: true },
};

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A field name as a person reads it. */
export const fieldLabel = (field: string): string =>
  HISTORY_FIELDS[field]?.label ?? capitalised(field.replaceAll('_', ' '));

/** One side of a change of `field` in `entry`, as the history shows it. */
export const historyValue = (field: string, value: unknown, entry: HistoryEntry): HistoryValue =>
  (HISTORY_FIELDS[field]?.format ?? plain)(value, field, entry);

/** The changes of an entry a person reads, in the order they were recorded. */
export const shownChanges = (entry: HistoryEntry) =>
  Object.entries(entry.changes).filter(([field]) => !HISTORY_FIELDS[field]?.hidden);
