import { type ConversionSettings, ConversionSettingsSchema } from '@adstudio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';

export const companyConversionsKey = ['company', 'conversions'] as const;

/** GET /v1/company/conversions → {window_days}: how long after a click its conversion counts. */
export const getCompanyConversions = (): Promise<ConversionSettings> =>
  getData(ConversionSettingsSchema, api.get('/v1/company/conversions'));

export const useCompanyConversions = () =>
  useQuery(queryOptions({ queryKey: companyConversionsKey, queryFn: getCompanyConversions }));

/** PUT /v1/company/conversions {window_days} (admins); the answer is the cached setting. */
export function useSetCompanyConversions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversionSettings) =>
      getData(ConversionSettingsSchema, api.put('/v1/company/conversions', body)),
    onSuccess: (saved) => queryClient.setQueryData(companyConversionsKey, saved),
  });
}
