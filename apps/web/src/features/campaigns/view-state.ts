/** A report timeframe, both ends inclusive (YYYY-MM-DD). */
export interface Timeframe {
  start: string;
  end: string;
}

export const TABS = ['details', 'creatives', 'approvals', 'sharing', 'history'] as const;
export type ViewTab = (typeof TABS)[number];

export const TAB_LABELS: Readonly<Record<ViewTab, string>> = {
  details: 'Details',
  creatives: 'Creatives',
  approvals: 'Approvals',
  sharing: 'Sharing',
  history: 'History',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The report timeframe of `/campaigns/:id/viewreport/:start/:end`; null when absent or malformed. */
export function parseTimeframe(start: string | undefined, end: string | undefined): Timeframe | null {
  if (!start || !end || !isDay(start) || !isDay(end) || end < start) return null;
  return { start, end };
}
