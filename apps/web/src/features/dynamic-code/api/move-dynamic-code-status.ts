import { type DynamicCode, DynamicCodeSchema, type DynamicCodeStatusBody } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { dynamicCodeKeys } from './keys';

/**
 * POST /v1/creatives/{id}/dynamic-code/status {status, updated_at}: 422 for a move not in
 * `allowed_statuses`, 409 when the code changed since `updated_at`.
 */
export const moveDynamicCodeStatus = ({
  creativeId,
  body,
}: {
  creativeId: number;
  body: DynamicCodeStatusBody;
}): Promise<DynamicCode> =>
  getData(DynamicCodeSchema, api.post(`/v1/creatives/${creativeId}/dynamic-code/status`, body));

/** Callers show failures themselves (a 409 reloads the code). */
export function useMoveDynamicCodeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDynamicCodeStatus,
    meta: { skipAlert: true },
    onSuccess: (code) => queryClient.setQueryData(dynamicCodeKeys.detail(code.creative_id), code),
  });
}
