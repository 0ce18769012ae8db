import { type CompanyTwoFactor, CompanyTwoFactorSchema } from '@adstudio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshUser } from '../../../lib/auth';
import { getData } from '../../../lib/get-data';

export const companyTwoFactorKey = ['company', 'two-factor'] as const;

/** GET /v1/company/two-factor (admins) → {required}: whether every user must use two-factor sign-in. */
export const getCompanyTwoFactor = (): Promise<CompanyTwoFactor> =>
  getData(CompanyTwoFactorSchema, api.get('/v1/company/two-factor'));

export const companyTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: companyTwoFactorKey, queryFn: getCompanyTwoFactor });

export const useCompanyTwoFactor = () => useQuery(companyTwoFactorQueryOptions());

/** PUT /v1/company/two-factor {required} → {required}. */
export const setCompanyTwoFactor = (body: CompanyTwoFactor): Promise<CompanyTwoFactor> =>
  getData(CompanyTwoFactorSchema, api.put('/v1/company/two-factor', body));

/**
 * The answer is the cached rule; the signed-in admin is read again, since the rule binds them too
 * (without two-factor, the app then shows only its set-up).
 */
export function useSetCompanyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyTwoFactor,
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyTwoFactorKey, saved);
      if (saved.required) await refreshUser().catch(() => undefined);
    },
  });
}
