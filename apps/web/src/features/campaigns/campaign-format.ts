import dayjs from 'dayjs';
import { formatDate } from '../../lib/format';

const day = (value: string) => dayjs(`${value}T00:00:00`);

/** Spec section 3: 'DD/MM/YYYY', or 'start - end' when both dates exist; '' without dates. */
export function campaignTimeline(launch: string | null | undefined, end: string | null | undefined): string {
  const from = formatDate(launch);
  const to = formatDate(end);
  if (from && to) return `${from} - ${to}`;
  return from || to;
}

/** Whole days between the launch and end dates, shown 'N days'; null when a date is missing. */
export function campaignDays(
  launch: string | null | undefined,
  end: string | null | undefined,
): number | null {
  if (!launch || !end) return null;
  const from = day(launch);
  const to = day(end);
  if (!from.isValid() || !to.isValid()) return null;
  return to.diff(from, 'day');
}

export function campaignDuration(launch: string | null | undefined, end: string | null | undefined): string {
  const days = campaignDays(launch, end);
  if (days === null) return '';
  // The spec shows the duration as 'N days', for every N.
  return `${days} days`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One side of an audit change (`old → new`), readable: dates DD/MM/YYYY, ranges listed, empty as '—'. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((entry) => formatChangeValue(entry)).join(', ');
  }
  if (typeof value === 'object') {
    const range = value as { start?: unknown; end?: unknown };
    if (typeof range.start === 'string' && typeof range.end === 'string') {
      return `${formatDate(range.start)} - ${formatDate(range.end)}`;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** Field names as a person reads them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  url: 'URL',
  ranges: 'Ranges',
  launch_date: 'Launch date',
  end_date: 'End date',
  status: 'Status',
  deleted_at: 'Deleted',
  cloned_from: 'Copied from campaign',
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field.replaceAll('_', ' ');
