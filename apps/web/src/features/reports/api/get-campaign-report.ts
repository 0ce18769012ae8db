import { type CampaignReport, CampaignReportSchema } from '@adstudio/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { type Timeframe, timeframeParams } from '../../../lib/timeframe';
import { latestData, reportKeys } from './keys';

/** GET /v1/campaigns/{id}/report: the campaign's own report, for signed-in readers. */
export const getCampaignReport = (campaignId: number, timeframe: Timeframe | null): Promise<CampaignReport> =>
  getData(
    CampaignReportSchema,
    api.get(`/v1/campaigns/${campaignId}/report`, { params: timeframeParams(timeframe) }),
  );

export function useCampaignReport(campaignId: number, timeframe: Timeframe | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: reportKeys.campaign(campaignId, timeframe),
    queryFn: () => getCampaignReport(campaignId, timeframe),
    placeholderData: (previous) =>
      previous ?? latestData<CampaignReport>(client, reportKeys.campaigns(campaignId)),
  });
}
