import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';

/** DELETE /v1/campaigns/{id}/approvals/links/{linkId} → 204. */
export async function revokeApprovalLink({ id, linkId }: { id: number; linkId: number }): Promise<void> {
  await api.delete(`/v1/campaigns/${id}/approvals/links/${linkId}`);
}

export function useRevokeApprovalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApprovalLink,
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: campaignKeys.approvalLinks(id) }),
  });
}
