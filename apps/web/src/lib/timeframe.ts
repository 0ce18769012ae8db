/** A report timeframe: the days it shows, both included (YYYY-MM-DD). */
export interface Timeframe {
  start: string;
  end: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The timeframe of `/campaigns/:id/viewreport/:start/:end` or a report's `?start=&end=`; null when
 * absent, malformed or backwards.
 */
export function parseTimeframe(
  start: string | null | undefined,
  end: string | null | undefined,
): Timeframe | null {
  if (!start || !end || !isDay(start) || !isDay(end) || end < start) return null;
  return { start, end };
}

/** A report's query parameters: none for the whole timeframe. */
export const timeframeParams = (timeframe: Timeframe | null) =>
  timeframe ? { start: timeframe.start, end: timeframe.end } : {};
