import { type ReportNews, ReportNewsSchema } from '@adstudio/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { reportKeys } from './keys';

/** GET /v1/campaigns/externalreport/{token}/new: what changed since this viewer's previous visit. */
export const getReportNews = (token: string): Promise<ReportNews> =>
  getData(ReportNewsSchema, api.get(`/v1/campaigns/externalreport/${encodeURIComponent(token)}/new`));

/**
 * Once per visit, and only once the report has loaded (`enabled`): the server tells this visit from
 * the previous one by the view the report logs, so the news must not be asked for first. Not retried:
 * the page reads fine without it.
 */
export const useReportNews = (token: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: reportKeys.news(token),
    queryFn: () => getReportNews(token),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
