import { type ApprovalLink, ApprovalLinkSchema, type ReportLink, ReportLinkSchema } from '@adstudio/contract';
import { campaignKeys } from '../../../api/campaign-keys';
import { nestedResourceApi } from '../../../lib/nested-resource-api';

/**
 * /v1/campaigns/{id}/approvals/links: the publishers' live links, not revoked; DELETE …/{linkId} →
 * 204 revokes one. Cached under the campaign's keys (a request for approvals refreshes them).
 */
export const approvalLinksApi = nestedResourceApi<ApprovalLink>('/v1/campaigns', 'approvals/links', {
  item: ApprovalLinkSchema,
  listKey: campaignKeys.approvalLinks,
});

/** /v1/campaigns/{id}/report/links: the report's links not revoked; DELETE …/{linkId} → 204 revokes one. */
export const reportLinksApi = nestedResourceApi<ReportLink>('/v1/campaigns', 'report/links', {
  item: ReportLinkSchema,
  listKey: campaignKeys.reportLinks,
});
