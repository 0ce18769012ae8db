import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from './access-token-keys';

/** DELETE /v1/user/tokens/{id} → 204; the token answers 401 from then on. */
export async function revokeAccessToken(id: number): Promise<void> {
  await api.delete(`/v1/user/tokens/${id}`);
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
