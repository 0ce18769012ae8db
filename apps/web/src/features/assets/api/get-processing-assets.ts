import {
  type ProcessingAsset,
  ProcessingAssetListResponseSchema,
  type ProcessingState,
} from '@adstudio/contract';
import { type Query, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '../../../api/assets';
import { api } from '../../../lib/api-client';

/** How often one rule's items are asked again while the server still fetches some. */
export const PROCESSING_POLL_MS = 2000;

const IN_PROGRESS: readonly ProcessingState[] = ['queued', 'fetching'];

export const isInProgress = (item: Pick<ProcessingAsset, 'state'>): boolean =>
  IN_PROGRESS.includes(item.state);

/**
 * GET /v1/creatives/{id}/{ruleId}/processing-assets → the rule's image items and its backup image.
 * Reading queues the server's jobs for them; `retry` starts the failed ones over. 404 when the rule
 * is not of the creative's profile.
 */
export const getProcessingAssets = async (
  creativeId: number,
  ruleId: number,
  retry = false,
): Promise<ProcessingAsset[]> => {
  const response = await api.get(`/v1/creatives/${creativeId}/${ruleId}/processing-assets`, {
    params: retry ? { retry: 1 } : undefined,
  });
  return ProcessingAssetListResponseSchema.parse(response.data).data;
};

/** Asked again while an item is queued or fetching; not after a failed request (its view offers Retry). */
export const processingPollInterval = (query: Pick<Query<ProcessingAsset[]>, 'state'>): number | false =>
  query.state.status !== 'error' && query.state.data?.some(isInProgress) ? PROCESSING_POLL_MS : false;

export const processingAssetsQueryOptions = (creativeId: number, ruleId: number) =>
  queryOptions({
    queryKey: assetKeys.processing(creativeId, ruleId),
    queryFn: () => getProcessingAssets(creativeId, ruleId),
    refetchInterval: processingPollInterval,
  });

export const useProcessingAssets = (creativeId: number, ruleId: number) =>
  useQuery(processingAssetsQueryOptions(creativeId, ruleId));

/** `retry=1`: its answer becomes the cached list, whose queued items start the polling again. */
export function useRetryProcessingAssets(creativeId: number, ruleId: number) {
  const queryClient = useQueryClient();
  const queryKey = assetKeys.processing(creativeId, ruleId);
  return useMutation({
    // A poll answered after the retry would show the failed items again.
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    mutationFn: () => getProcessingAssets(creativeId, ruleId, true),
    onSuccess: (items) => queryClient.setQueryData(queryKey, items),
  });
}
