import { formatDate } from './format';

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

/** Field names every section shares; a section adds its own. */
export const COMMON_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  url: 'URL',
  status: 'Status',
  deleted_at: 'Deleted',
};

/** A field name as a person reads it. */
export const fieldLabel = (field: string, labels: Readonly<Record<string, string>> = {}): string =>
  labels[field] ?? COMMON_FIELD_LABELS[field] ?? field.replaceAll('_', ' ');
