import { formatDate } from '../../lib/format';

const PERCENT = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A click-through rate (a fraction) as a percentage with two decimals: 0.01234 → "1.23%". */
export const formatCtr = (ctr: number): string => PERCENT.format(ctr);

/** The CTR as the percentage number a spreadsheet sums: 0.01234 → 1.23. */
export const ctrPercent = (ctr: number): number => Math.round(ctr * 10_000) / 100;

/** "01/11/2026 – 30/11/2026", or one day alone. */
export const formatRange = (start: string, end: string): string =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

/** A day as a chart's axis shows it: "2026-11-21" → "21/11". */
export const formatShortDay = (day: string): string => formatDate(day).slice(0, 5);
