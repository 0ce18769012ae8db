import { type ResetPassword, type User, UserSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { signedIn } from '../../../lib/auth';
import { getData } from '../../../lib/get-data';

/**
 * POST /auth/reset-password {token, password, password_confirmation} → 200 the user, signed in, or
 * 202 when two-factor sign-in is on (`undefined` here: not signed in, the code is asked at sign-in);
 * 422 {message, errors} (`token` when the link is used or expired).
 */
export async function resetPassword(body: ResetPassword): Promise<User | undefined> {
  await api.get('/sanctum/csrf-cookie', { skipSessionExpiry: true });
  const answer = api.post('/auth/reset-password', body, { skipSessionExpiry: true });
  if ((await answer).status === 202) return undefined;
  return getData(UserSchema, answer);
}

/** Whatever this browser cached was someone else's (or nobody's): it goes, and the user is signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    meta: { skipAlert: true },
    onSuccess: (user) => {
      queryClient.removeQueries();
      if (user) signedIn(user);
    },
  });
}
