import { UserSettingsResponseSchema } from '@adstudio/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FALLBACK_PAGE_SIZE } from '../list-state';

/**
 * GET /v1/user/settings → the user's default rows per page. Same key as the settings page, so
 * both share one cached answer and a change there applies here.
 */
export async function getUserSettings() {
  return UserSettingsResponseSchema.parse((await api.get('/v1/user/settings')).data).data;
}

/** The page size to use when the URL names none; `ready` once known (or failed: the fallback). */
export function useDefaultPageSize(): { pageSize: number; ready: boolean } {
  const settings = useQuery({
    queryKey: ['user', 'settings'],
    queryFn: getUserSettings,
    staleTime: 5 * 60_000,
  });
  return {
    pageSize: settings.data?.items_per_page ?? FALLBACK_PAGE_SIZE,
    ready: !settings.isPending,
  };
}
