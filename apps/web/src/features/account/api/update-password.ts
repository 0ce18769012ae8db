import { type UpdatePasswordBody, UpdatePasswordBodySchema } from '@adstudio/contract';
import { accessTokenKeys } from '../../../api/access-tokens';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

export { PASSWORD_MIN_LENGTH } from '@adstudio/contract';
export const PasswordFormSchema = UpdatePasswordBodySchema;
export type PasswordForm = UpdatePasswordBody;

/** PUT /v1/user/password → 204; with `revoke_tokens`, every token of mine is revoked too. */
export async function updatePassword(form: PasswordForm): Promise<void> {
  await api.put('/v1/user/password', form);
}

/** With `revoke_tokens`, the token lists are read again. */
export const useUpdatePassword = () =>
  useInvalidatingMutation(updatePassword, (form) => (form.revoke_tokens ? [accessTokenKeys.all] : []));
