import { type User, UserSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';

export const ProfileFormSchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(255),
  email: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .email('The email must be a valid email address.'),
  avatar: z
    .string()
    .trim()
    .max(2048)
    .refine(
      (value) => value === '' || /^https?:\/\//i.test(value) || value.startsWith('/'),
      'The avatar must be a URL.',
    ),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/** PUT /v1/user {name, email, avatar|null} → {data: user}. */
export async function updateUser(form: ProfileForm): Promise<User> {
  const response = await api.put('/v1/user', {
    name: form.name,
    email: form.email,
    avatar: form.avatar === '' ? null : form.avatar,
  });
  return z.object({ data: UserSchema }).parse(response.data).data;
}

export const useUpdateUser = () =>
  useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => setUser(user),
  });
