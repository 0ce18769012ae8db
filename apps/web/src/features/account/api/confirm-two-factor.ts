import { RecoveryCodesSchema, type TwoFactorConfirmSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

export type TwoFactorConfirm = z.input<typeof TwoFactorConfirmSchema>;

/**
 * POST /v1/user/two-factor/confirm {code} → {recovery_codes}: on from now, with ten recovery codes
 * answered this once. 422 on `code` (not valid, or no set-up to confirm).
 */
export const confirmTwoFactor = (body: TwoFactorConfirm): Promise<string[]> =>
  getData(RecoveryCodesSchema, api.post('/v1/user/two-factor/confirm', body)).then(
    (answer) => answer.recovery_codes,
  );

/** The form shows its failure on the code field; the codes stay out of the cache. */
export const useConfirmTwoFactor = () =>
  useMutation({ mutationFn: confirmTwoFactor, meta: { skipAlert: true }, gcTime: 0 });
