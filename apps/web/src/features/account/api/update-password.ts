import { type UpdatePasswordBody, UpdatePasswordBodySchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export { PASSWORD_MIN_LENGTH } from '@adstudio/contract';
export const PasswordFormSchema = UpdatePasswordBodySchema;
export type PasswordForm = UpdatePasswordBody;

/** PUT /v1/user/password → 204. */
export async function updatePassword(form: PasswordForm): Promise<void> {
  await api.put('/v1/user/password', form);
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
