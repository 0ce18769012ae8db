import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { campaignKeys } from '../../../api/campaign-keys';
import type { Timeframe } from '../../../lib/timeframe';

const days = (timeframe: Timeframe | null) => [timeframe?.start ?? null, timeframe?.end ?? null] as const;

/** Query keys of the report pages; a campaign's sits under its item, so its writes refresh it too. */
export const reportKeys = {
  externals: (token: string) => ['external-report', token] as const,
  external: (token: string, timeframe: Timeframe | null) =>
    [...reportKeys.externals(token), ...days(timeframe)] as const,
  news: (token: string) => ['external-report-news', token] as const,
  campaigns: (campaignId: number) => campaignKeys.related(campaignId, 'report'),
  campaign: (campaignId: number, timeframe: Timeframe | null) =>
    [...reportKeys.campaigns(campaignId), ...days(timeframe)] as const,
};

/**
 * The report last read under `prefix` (another timeframe), shown while a new timeframe loads. Not just
 * the observer's previous data: changing the timeframe may mount the page afresh (the token layout
 * remounts on every new address), and a blank page between two timeframes loses the reader's place.
 */
export function latestData<T>(client: QueryClient, prefix: QueryKey): T | undefined {
  let latest: { at: number; data: T } | undefined;
  for (const query of client.getQueryCache().findAll({ queryKey: prefix })) {
    const { data, dataUpdatedAt } = query.state;
    if (data !== undefined && (!latest || dataUpdatedAt > latest.at))
      latest = { at: dataUpdatedAt, data: data as T };
  }
  return latest?.data;
}
