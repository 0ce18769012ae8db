import { UpdateAccountBodySchema, type User, UserSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';

/** The contract's body, with the avatar as a text field where empty means none. */
export const ProfileFormSchema = z.object({
  name: UpdateAccountBodySchema.shape.name,
  email: UpdateAccountBodySchema.shape.email,
  avatar: z.union([z.literal(''), UpdateAccountBodySchema.shape.avatar.unwrap().unwrap()]),
  /** Asked for only when the email changes; the server decides. */
  current_password: z.string(),
});
export type ProfileForm = z.input<typeof ProfileFormSchema>;

/** PUT /v1/user {name, email, avatar|null, current_password?} → {data: user}. */
export async function updateUser(form: ProfileForm): Promise<User> {
  const response = await api.put('/v1/user', {
    name: form.name,
    email: form.email,
    avatar: form.avatar === '' ? null : form.avatar,
    ...(form.current_password ? { current_password: form.current_password } : {}),
  });
  return z.object({ data: UserSchema }).parse(response.data).data;
}

export const useUpdateUser = () =>
  useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => setUser(user),
  });
