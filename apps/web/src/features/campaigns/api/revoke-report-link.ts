import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../api/campaign-keys';
import { api } from '../../../lib/api-client';

/** DELETE /v1/campaigns/{id}/report/links/{linkId} → 204. */
export async function revokeReportLink({ id, linkId }: { id: number; linkId: number }): Promise<void> {
  await api.delete(`/v1/campaigns/${id}/report/links/${linkId}`);
}

export function useRevokeReportLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReportLink,
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: campaignKeys.reportLinks(id) }),
  });
}
