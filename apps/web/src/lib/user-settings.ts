import { type UserSettings, UserSettingsResponseSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { takeOrGet } from './early-requests';
import {
  PAGE_SIZE_HINT_KEY,
  USER_SETTINGS_PATH,
  USER_SETTINGS_STALE_MS,
  userSettingsKey,
} from './page-size-hint';

/** GET /v1/user/settings: read by the settings page and by every list (default rows per page). */
export async function getUserSettings(): Promise<UserSettings> {
  return UserSettingsResponseSchema.parse((await takeOrGet(USER_SETTINGS_PATH)).data).data;
}

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: userSettingsKey, queryFn: getUserSettings, staleTime: USER_SETTINGS_STALE_MS });

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
