import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adTagKeys } from './keys';

/** DELETE /v1/creatives/{id}/tags/{tagId} → 204; the tag's token answers 410 from then on. */
export async function revokeAdTag({
  creativeId,
  tagId,
}: {
  creativeId: number;
  tagId: number;
}): Promise<void> {
  await api.delete(`/v1/creatives/${creativeId}/tags/${tagId}`);
}

export function useRevokeAdTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdTag,
    onSuccess: (_data, { creativeId }) =>
      queryClient.invalidateQueries({ queryKey: adTagKeys.list(creativeId) }),
  });
}
