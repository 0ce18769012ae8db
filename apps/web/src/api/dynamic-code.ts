import { type DynamicCode, DynamicCodeSchema, type DynamicCodeStatusBody } from '@adstudio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { getData } from '../lib/get-data';

/** Query keys of a creative's dynamic code; its writes answer the new state, which replaces the cached one. */
export const dynamicCodeKeys = {
  all: ['dynamic-code'] as const,
  detail: (creativeId: number) => ['dynamic-code', creativeId] as const,
};

const url = (creativeId: number) => `/v1/creatives/${creativeId}/dynamic-code`;

/** GET /v1/creatives/{id}/dynamic-code → the code (null with a message when the creative has no profile or rows). */
export const getDynamicCode = (creativeId: number): Promise<DynamicCode> =>
  getData(DynamicCodeSchema, api.get(url(creativeId)));

export const dynamicCodeQueryOptions = (creativeId: number) =>
  queryOptions({ queryKey: dynamicCodeKeys.detail(creativeId), queryFn: () => getDynamicCode(creativeId) });

export const useDynamicCode = (creativeId: number) => useQuery(dynamicCodeQueryOptions(creativeId));

/** POST /v1/creatives/{id}/dynamic-code (no body): (re)generates it from the profile; status back to generated. */
export const generateDynamicCode = (creativeId: number): Promise<DynamicCode> =>
  getData(DynamicCodeSchema, api.post(url(creativeId)));

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
}): Promise<DynamicCode> => getData(DynamicCodeSchema, api.post(`${url(creativeId)}/status`, body));

/** A write that answers the code: the answer replaces the cached one. */
function useCodeMutation<V>(
  mutationFn: (variables: V) => Promise<DynamicCode>,
  { alertOnError = true } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(alertOnError ? {} : { meta: { skipAlert: true } }),
    onSuccess: (code) => queryClient.setQueryData(dynamicCodeKeys.detail(code.creative_id), code),
  });
}

export const useGenerateDynamicCode = () => useCodeMutation(generateDynamicCode);

/** Callers show failures themselves (a 409 reloads the code). */
export const useMoveDynamicCodeStatus = () => useCodeMutation(moveDynamicCodeStatus, { alertOnError: false });
