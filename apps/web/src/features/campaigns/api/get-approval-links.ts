import { ApprovalLinkSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { campaignKeys } from './keys';

/** The campaign's publisher approval links; requests and revokes refresh it. */
export const approvalLinksKey = (id: number) => campaignKeys.related(id, 'approval-links');

/** GET /v1/campaigns/{id}/approvals/links: the live links, not revoked. */
const approvalLinks = (id: number) =>
  wholeListQuery(
    { list: () => approvalLinksKey(id) },
    ApprovalLinkSchema,
    `/v1/campaigns/${id}/approvals/links`,
  );

export const useApprovalLinks = (id: number) => approvalLinks(id).useList();
