import { ReportLinkSchema } from '@adstudio/contract';
import { campaignKeys } from '../../../api/campaign-keys';
import { wholeListQuery } from '../../../lib/list-api';

/** GET /v1/campaigns/{id}/report/links: the links not revoked. */
const reportLinks = (id: number) =>
  wholeListQuery(
    { list: () => campaignKeys.reportLinks(id) },
    ReportLinkSchema,
    `/v1/campaigns/${id}/report/links`,
  );

export const useReportLinks = (id: number) => reportLinks(id).useList();
