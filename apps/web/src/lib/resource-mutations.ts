import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceKeys } from './resource-keys';

type Keys = Pick<ResourceKeys, 'lists' | 'detail' | 'history'>;

interface MutationOptions {
  alertOnError?: boolean;
  /** Queries of other sections whose answers this write changes (lib/resource-api.ts `affects`). */
  affects?: readonly QueryKey[];
}

const invalidateAffected = (queryClient: QueryClient, affects: readonly QueryKey[]) => {
  for (const queryKey of affects) void queryClient.invalidateQueries({ queryKey });
};

/**
 * A write that answers the item (create, update, clone, restore): the answer becomes the cached
 * item, its history and the section's lists refresh. `alertOnError: false` when the caller shows
 * the failure itself (a form's inline conflict).
 */
export function useItemMutation<V, T extends { id: number }>(
  keys: Keys,
  mutationFn: (variables: V) => Promise<T>,
  { alertOnError = true, affects = [] }: MutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipAlert: !alertOnError },
    onSuccess: (item) => {
      invalidateAffected(queryClient, affects);
      queryClient.setQueryData(keys.detail(item.id), item);
      void queryClient.invalidateQueries({ queryKey: keys.history(item.id) });
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/**
 * A write that answers no item (delete, bulk): the touched items go stale — not removed, so an open
 * view refetches and takes the 404 path — and the section's lists refresh. `alertOnError: false`
 * when the caller shows the failure itself (a delete refused because the item is in use).
 */
export function useItemsMutation<V, R>(
  keys: Keys,
  mutationFn: (variables: V) => Promise<R>,
  idsOf: (variables: V) => readonly number[],
  { alertOnError = true, affects = [] }: MutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { skipAlert: !alertOnError },
    onSuccess: (_result, variables) => {
      invalidateAffected(queryClient, affects);
      for (const id of idsOf(variables)) {
        void queryClient.invalidateQueries({ queryKey: keys.detail(id), refetchType: 'none' });
      }
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
