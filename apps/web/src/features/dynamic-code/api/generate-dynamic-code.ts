import { type DynamicCode, DynamicCodeSchema } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { dynamicCodeKeys } from './keys';

/** POST /v1/creatives/{id}/dynamic-code (no body): (re)generates it from the profile; status back to generated. */
export const generateDynamicCode = (creativeId: number): Promise<DynamicCode> =>
  getData(DynamicCodeSchema, api.post(`/v1/creatives/${creativeId}/dynamic-code`));

export function useGenerateDynamicCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateDynamicCode,
    onSuccess: (code) => queryClient.setQueryData(dynamicCodeKeys.detail(code.creative_id), code),
  });
}
