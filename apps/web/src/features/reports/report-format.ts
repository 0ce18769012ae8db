import { formatDate } from '../../lib/format';

const PERCENT = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const VALUE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A rate (CTR, CVR: a fraction) as a percentage with two decimals: 0.01234 → "1.23%". */
export const formatRate = (rate: number): string => PERCENT.format(rate);

/** A rate as the percentage number a spreadsheet sums: 0.01234 → 1.23. */
export const ratePercent = (rate: number): number => Math.round(rate * 10_000) / 100;

/** Summed conversion value (no currency: the advertiser's own) with two decimals: 1234.5 → "1,234.50". */
export const formatValue = (value: number): string => VALUE.format(value);

/** The value as a spreadsheet's number, to the cent the table shows: 0.1 + 0.2 → 0.3. */
export const valueNumber = (value: number): number => Math.round(value * 100) / 100;

/** "01/11/2026 – 30/11/2026", or one day alone. */
export const formatRange = (start: string, end: string): string =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

/** A day as a chart's axis shows it: "2026-11-21" → "21/11". */
export const formatShortDay = (day: string): string => formatDate(day).slice(0, 5);

/** Today as the report counts days (UTC, as the server does). */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/**
 * The day still being counted, when the chart ends on it: its figures are partial, so the chart
 * marks it instead of showing a fall to nothing.
 */
export const partialDayOf = (days: readonly { day: string }[], today: string): string | undefined =>
  days.at(-1)?.day === today ? today : undefined;

/** A day as the chart names it: "27/11" on the axis, "27/11/2026" in the tooltip, "so far" for today's. */
export const chartDayLabel = (day: string, where: 'tick' | 'tooltip', partialDay?: string): string => {
  const text = where === 'tick' ? formatShortDay(day) : formatDate(day);
  return day === partialDay ? `${text} (so far)` : text;
};
