import { type ResetPassword, type User, UserSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { signedIn } from '../../../lib/auth';
import { getData } from '../../../lib/get-data';

/**
 * POST /auth/reset-password {token, password, password_confirmation} → 200 the user, signed in;
 * 422 {message, errors} (`token` when the link is used or expired).
 */
export async function resetPassword(body: ResetPassword): Promise<User> {
  await api.get('/sanctum/csrf-cookie', { skipSessionExpiry: true });
  return getData(UserSchema, api.post('/auth/reset-password', body, { skipSessionExpiry: true }));
}

/** Whatever this browser cached was someone else's (or nobody's): it goes, and the user is signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    meta: { skipAlert: true },
    onSuccess: (user) => {
      queryClient.removeQueries();
      signedIn(user);
    },
  });
}
