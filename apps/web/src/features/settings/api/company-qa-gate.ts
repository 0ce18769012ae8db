import { type CompanyQaGate, CompanyQaGateSchema } from '@adstudio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

export const companyQaGateKey = ['company', 'qa-gate'] as const;

/** GET /v1/company/qa-gate → {required}: whether a creative needs a passing QA run before live. */
export const getCompanyQaGate = (): Promise<CompanyQaGate> =>
  getData(CompanyQaGateSchema, api.get('/v1/company/qa-gate'));

export const companyQaGateQueryOptions = () =>
  queryOptions({ queryKey: companyQaGateKey, queryFn: getCompanyQaGate });

export const useCompanyQaGate = () => useQuery(companyQaGateQueryOptions());

/** PUT /v1/company/qa-gate {required} (admins) → {required}; the answer is the cached rule. */
export const setCompanyQaGate = (body: CompanyQaGate): Promise<CompanyQaGate> =>
  getData(CompanyQaGateSchema, api.put('/v1/company/qa-gate', body));

export function useSetCompanyQaGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyQaGate,
    onSuccess: (saved) => queryClient.setQueryData(companyQaGateKey, saved),
  });
}
