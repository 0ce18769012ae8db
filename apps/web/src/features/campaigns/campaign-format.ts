import { formatDate, parseDate } from '../../lib/format';

const DAY_MS = 86_400_000;

/** The day number (days since 1970-01-01) of a calendar date, whatever the time zone; null when invalid. */
function dayNumber(value: string): number | null {
  const date = parseDate(`${value}T00:00:00`);
  return date && Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;
}

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
  const from = dayNumber(launch);
  const to = dayNumber(end);
  return from === null || to === null ? null : to - from;
}

export function campaignDuration(launch: string | null | undefined, end: string | null | undefined): string {
  const days = campaignDays(launch, end);
  if (days === null) return '';
  // The spec shows the duration as 'N days', for every N.
  return `${days} days`;
}
