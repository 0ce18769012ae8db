import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { alertFromError, showAlert } from './alert';
import { errorStatus } from './api-client';
import type { ResourceKeys } from './resource-keys';
import { navigateToHref } from './use-navigate-to';

/**
 * Reads one item; on a 404 (spec section 8), or an id that cannot name one, the section's cached
 * lists are cleared, the alert shown and the user taken to the section's overview.
 */
export function useItemOrLeave<T>(
  id: number | null,
  useItem: (id: number, enabled: boolean) => UseQueryResult<T>,
  keys: Pick<ResourceKeys, 'lists' | 'detail'>,
  overview: string,
) {
  const item = useItem(id ?? 0, id !== null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notFound = id === null || (item.isError && errorStatus(item.error) === 404);

  useEffect(() => {
    if (!notFound) return;
    queryClient.removeQueries({ queryKey: keys.lists() });
    if (id !== null) queryClient.removeQueries({ queryKey: keys.detail(id) });
    showAlert(item.error ? alertFromError(item.error) : { status: 404 });
    navigateToHref(navigate, overview, { replace: true });
  }, [notFound, id, item.error, queryClient, navigate, keys, overview]);

  return { item, notFound };
}
