import { type TwoFactorSetup, TwoFactorSetupSchema } from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

/**
 * POST /v1/user/two-factor → {secret, otpauth_url, qr_svg}: a new secret to set up (starting again
 * replaces it until confirmed). 422 when it is on already.
 */
export const beginTwoFactor = (): Promise<TwoFactorSetup> =>
  getData(TwoFactorSetupSchema, api.post('/v1/user/two-factor'));

/** The secret stays out of the cache once the set-up is gone. */
export const useBeginTwoFactor = () => useMutation({ mutationFn: beginTwoFactor, gcTime: 0 });
