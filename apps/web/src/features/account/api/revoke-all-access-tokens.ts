import { type RevokedTokens, RevokedTokensSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { accessTokenKeys } from './access-token-keys';

/** DELETE /v1/user/tokens → 200 {revoked}: every token of mine answers 401 from then on. */
export const revokeAllAccessTokens = (): Promise<RevokedTokens> =>
  getData(RevokedTokensSchema, api.delete('/v1/user/tokens'));

export function useRevokeAllAccessTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllAccessTokens,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
