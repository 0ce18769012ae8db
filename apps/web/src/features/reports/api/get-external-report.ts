import { type CampaignReport, CampaignReportSchema } from '@adstudio/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { type Timeframe, timeframeParams } from '../../../lib/timeframe';
import { latestData, reportKeys } from './keys';

/** GET /v1/campaigns/externalreport/{token}: no session, the token is the credential; each call is a view. */
export const getExternalReport = (token: string, timeframe: Timeframe | null): Promise<CampaignReport> =>
  getData(
    CampaignReportSchema,
    api.get(`/v1/campaigns/externalreport/${encodeURIComponent(token)}`, {
      params: timeframeParams(timeframe),
    }),
  );

/** Read once per timeframe and visit (every read is logged as a view of the link). */
export function useExternalReport(token: string, timeframe: Timeframe | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: reportKeys.external(token, timeframe),
    queryFn: () => getExternalReport(token, timeframe),
    staleTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    // 404 and 410 are answers, not failures worth repeating.
    retry: (count, error) =>
      count < 2 && !(isApiError(error) && [404, 410].includes(error.response?.status ?? 0)),
    placeholderData: (previous) =>
      previous ?? latestData<CampaignReport>(client, reportKeys.externals(token)),
  });
}
