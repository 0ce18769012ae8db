import { type ApprovalLink, ApprovalLinkSchema, type ApprovalRequest } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';
import { getItems } from '../../../lib/get-data';

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

/** New pending approvals and (new or reused) links: both lists of the campaign are read again. */
export function useRequestApprovals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestApprovals,
    // The dialog shows every failure itself: on its fields, or above its buttons.
    meta: { skipAlert: true },
    onSuccess: (_links, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.approvals(id) }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.approvalLinks(id) }),
      ]),
  });
}
