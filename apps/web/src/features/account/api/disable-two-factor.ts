import type { TwoFactorDisableSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { refreshUser } from '../../../lib/auth';

export type TwoFactorDisable = z.input<typeof TwoFactorDisableSchema>;

/** DELETE /v1/user/two-factor {password, code} → 204. 422 on `password` or `code`. */
export async function disableTwoFactor(body: TwoFactorDisable): Promise<void> {
  await api.delete('/v1/user/two-factor', { data: body });
}

/** The dialog shows its failures on its fields; the user is read again (two_factor off). */
export const useDisableTwoFactor = () =>
  useMutation({ mutationFn: disableTwoFactor, meta: { skipAlert: true }, onSuccess: () => refreshUser() });
