import { type ForgotPassword, ForgotPasswordSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { ForgotPassword };
export { ForgotPasswordSchema };

/**
 * POST /auth/forgot-password {email} → 202 {message}: the same answer whether or not the email has
 * an account (without e-mail on the server, it says to ask an admin). 422 on `email`, 429 when asked
 * too often.
 */
export async function forgotPassword(body: ForgotPassword): Promise<string> {
  // The XSRF cookie this write echoes is drawn by the API: the page may have come from elsewhere.
  await api.get('/sanctum/csrf-cookie', { skipSessionExpiry: true });
  const response = await api.post('/auth/forgot-password', body, { skipSessionExpiry: true });
  return z.object({ message: z.string() }).parse(response.data).message;
}

/** The page shows its failures itself. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: forgotPassword, meta: { skipAlert: true }, gcTime: 0 });
