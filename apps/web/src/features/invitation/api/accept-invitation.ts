import { type AcceptInvitation, type User, UserSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { signedIn } from '../../../lib/auth';
import { getData } from '../../../lib/get-data';

/**
 * POST /auth/invitation {token, password, password_confirmation} → 200 the user, signed in (the
 * session cookie is set); 422 {message, errors} (`token` when the link is used or expired).
 */
export async function acceptInvitation(body: AcceptInvitation): Promise<User> {
  // The XSRF cookie this write echoes is drawn by the API: the page may have come from elsewhere.
  await api.get('/sanctum/csrf-cookie', { skipSessionExpiry: true });
  return getData(UserSchema, api.post('/auth/invitation', body, { skipSessionExpiry: true }));
}

/**
 * Whatever this browser cached was someone else's (or nobody's): it goes, and the joined user is
 * the signed-in one. The page shows its failures on its fields.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { skipAlert: true },
    onSuccess: (user) => {
      queryClient.removeQueries();
      signedIn(user);
    },
  });
}
