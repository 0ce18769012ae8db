import { type ApprovalLink, ApprovalLinkSchema, type ApprovalRequest } from '@adstudio/contract';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';
import { getItems } from '../../../lib/get-data';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/**
 * POST /v1/campaigns/{id}/approvals {creative_ids, media_entity_ids, expires_at?} → 201 the links of
 * the chosen publishers; 422 {message, errors} on bad input.
 */
export async function requestApprovals({
  id,
  body,
}: {
  id: number;
  body: ApprovalRequest;
}): Promise<ApprovalLink[]> {
  return getItems(ApprovalLinkSchema, api.post(`/v1/campaigns/${id}/approvals`, body));
}

/**
 * New pending approvals and (new or reused) links: both lists of the campaign are read again. The
 * dialog shows every failure itself: on its fields, or above its buttons.
 */
export const useRequestApprovals = () =>
  useInvalidatingMutation(
    requestApprovals,
    ({ id }) => [campaignKeys.approvals(id), campaignKeys.approvalLinks(id)],
    { alertOnError: false },
  );
