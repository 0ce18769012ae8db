import { type AccessTokenCreateInput, type NewAccessToken, NewAccessTokenSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { accessTokenKeys } from './access-token-keys';

/**
 * POST /v1/user/tokens {name, abilities, expires_at?} → 201 the token with `token`, its secret
 * `{id}|{secret}`, answered this once; 422 {message, errors} (TOKENS_TOO_MANY without errors).
 */
export const createAccessToken = (body: AccessTokenCreateInput): Promise<NewAccessToken> =>
  getData(NewAccessTokenSchema, api.post('/v1/user/tokens', body));

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    // The answer holds the secret: the cache forgets it as soon as the dialog that asked is gone.
    gcTime: 0,
    // The dialog shows its failures on its fields.
    meta: { skipAlert: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
