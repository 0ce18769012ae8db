import { CampaignApprovalSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { campaignKeys } from './keys';

/** GET /v1/campaigns/{id}/approvals. */
const campaignApprovals = (id: number) =>
  wholeListQuery(
    { list: () => campaignKeys.approvals(id) },
    CampaignApprovalSchema,
    `/v1/campaigns/${id}/approvals`,
  );

export const useCampaignApprovals = (id: number) => campaignApprovals(id).useList();
