import { type UserSettings, UserSettingsResponseSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { queryClient } from './query-client';

/** GET /v1/user/settings: read by the settings page and by every list (default rows per page). */
export async function getUserSettings(): Promise<UserSettings> {
  return UserSettingsResponseSchema.parse((await api.get('/v1/user/settings')).data).data;
}

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'settings'], queryFn: getUserSettings, staleTime: 5 * 60_000 });

/** Local storage key of the last default page size seen (a hint; storage is cleared with the session). */
export const PAGE_SIZE_HINT_KEY = 'itemsPerPage';

/**
 * The page size a list's first request should use before the settings have answered: the settings
 * when cached, else the last default seen in this browser, else `fallback`. A wrong guess costs one
 * request: the list asks again once the settings are in.
 */
export function likelyPageSize(fallback: number): number {
  const cached = queryClient.getQueryData(userSettingsQueryOptions().queryKey)?.items_per_page;
  if (cached !== undefined) return cached;
  try {
    const hint = Number(localStorage.getItem(PAGE_SIZE_HINT_KEY));
    return Number.isInteger(hint) && hint > 0 ? hint : fallback;
  } catch {
    return fallback;
  }
}

/** The page size a list uses when its URL names none; `ready` once known (or failed: the fallback). */
export function useDefaultPageSize(fallback: number): { pageSize: number; ready: boolean } {
  const settings = useQuery(userSettingsQueryOptions());
  const known = settings.data?.items_per_page;
  useEffect(() => {
    if (known === undefined) return;
    try {
      localStorage.setItem(PAGE_SIZE_HINT_KEY, String(known));
    } catch {
      // Storage unavailable: the next first load guesses the fallback.
    }
  }, [known]);
  return { pageSize: known ?? fallback, ready: !settings.isPending };
}
