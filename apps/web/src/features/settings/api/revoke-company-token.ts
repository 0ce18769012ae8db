import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyTokenKeys } from './company-token-keys';

/** DELETE /v1/tokens/{id} (admins) → 204: anyone's token of the company answers 401 from then on. */
export async function revokeCompanyToken(id: number): Promise<void> {
  await api.delete(`/v1/tokens/${id}`);
}

export function useRevokeCompanyToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCompanyToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyTokenKeys.all }),
  });
}
