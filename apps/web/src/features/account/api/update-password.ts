import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const PasswordFormSchema = z
  .object({
    current_password: z.string().min(1, 'The current password field is required.'),
    password: z.string().min(8, 'The password must be at least 8 characters.').max(200),
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type PasswordForm = z.infer<typeof PasswordFormSchema>;

/** PUT /v1/user/password → 204. */
export async function updatePassword(form: PasswordForm): Promise<void> {
  await api.put('/v1/user/password', form);
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
