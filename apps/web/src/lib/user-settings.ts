import { type UserSettings, UserSettingsResponseSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /v1/user/settings: read by the settings page and by every list (default rows per page). */
export async function getUserSettings(): Promise<UserSettings> {
  return UserSettingsResponseSchema.parse((await api.get('/v1/user/settings')).data).data;
}

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'settings'], queryFn: getUserSettings, staleTime: 5 * 60_000 });

/** The page size a list uses when its URL names none; `ready` once known (or failed: the fallback). */
export function useDefaultPageSize(fallback: number): { pageSize: number; ready: boolean } {
  const settings = useQuery(userSettingsQueryOptions());
  return { pageSize: settings.data?.items_per_page ?? fallback, ready: !settings.isPending };
}
