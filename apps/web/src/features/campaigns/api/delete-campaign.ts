import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** DELETE /v1/campaigns/{id} → 204; 422 while it has live creatives. */
export async function deleteCampaign(id: number): Promise<void> {
  await api.delete(`/v1/campaigns/${id}`);
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_data, id) => {
      // Stale, not removed: the open view would refetch it at once and take the 404 path.
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
