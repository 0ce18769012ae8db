import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export interface InvalidatingOptions<V, R> {
  /** `false` when the caller shows the failure itself (a dialog's fields). */
  alertOnError?: boolean;
  /** How long the settled mutation stays in the cache: 0 for an answer holding a secret. */
  gcTime?: number;
  /** What the answer writes into the cache before the keys are read again. */
  keep?: (queryClient: QueryClient, answer: R, variables: V) => void;
}

/**
 * A write whose answer is not an item of a `resourceKeys` section (a tag, a token, a link): on
 * success the queries under `invalidates(variables)` are read again.
 */
export function useInvalidatingMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  invalidates: (variables: V) => readonly QueryKey[],
  { alertOnError = true, gcTime, keep }: InvalidatingOptions<V, R> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipAlert: !alertOnError },
    ...(gcTime === undefined ? {} : { gcTime }),
    onSuccess: (answer, variables) => {
      keep?.(queryClient, answer, variables);
      return Promise.all(
        invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
