import { type UpdatePasswordBody, UpdatePasswordBodySchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from './access-token-keys';

export { PASSWORD_MIN_LENGTH } from '@adstudio/contract';
export const PasswordFormSchema = UpdatePasswordBodySchema;
export type PasswordForm = UpdatePasswordBody;

/** PUT /v1/user/password → 204; with `revoke_tokens`, every token of mine is revoked too. */
export async function updatePassword(form: PasswordForm): Promise<void> {
  await api.put('/v1/user/password', form);
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (_done, form) => {
      if (form.revoke_tokens) return queryClient.invalidateQueries({ queryKey: accessTokenKeys.all });
    },
  });
}
