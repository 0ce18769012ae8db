import { type ReportLink, type ReportLinkCreate, ReportLinkSchema } from '@adstudio/contract';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** POST /v1/campaigns/{id}/report/url {start?, end?, expires_at?} → 201 the link. */
export const createReportLink = ({ id, body }: { id: number; body: ReportLinkCreate }): Promise<ReportLink> =>
  getData(ReportLinkSchema, api.post(`/v1/campaigns/${id}/report/url`, body));

export const useCreateReportLink = () =>
  useInvalidatingMutation(createReportLink, ({ id }) => [campaignKeys.reportLinks(id)]);
