import { ApprovalLinkSchema } from '@adstudio/contract';
import { campaignKeys } from '../../../api/campaign-keys';
import { wholeListQuery } from '../../../lib/list-api';

/** GET /v1/campaigns/{id}/approvals/links: the live links, not revoked. */
const approvalLinks = (id: number) =>
  wholeListQuery(
    { list: () => campaignKeys.approvalLinks(id) },
    ApprovalLinkSchema,
    `/v1/campaigns/${id}/approvals/links`,
  );

export const useApprovalLinks = (id: number) => approvalLinks(id).useList();
