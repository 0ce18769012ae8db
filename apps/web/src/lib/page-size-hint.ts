import type { UserSettings } from '@adstudio/contract';
import { queryClient } from './query-client';

/** GET /v1/user/settings, as its query knows it (lib/user-settings.ts), without the schema. */
export const USER_SETTINGS_PATH = '/v1/user/settings';
export const userSettingsKey = ['user', 'settings'] as const;
export const USER_SETTINGS_STALE_MS = 5 * 60_000;

/** Local storage key of the last default page size seen (a hint; storage is cleared with the session). */
export const PAGE_SIZE_HINT_KEY = 'itemsPerPage';

/**
 * The page size a list's first request should use before the settings have answered: the settings
 * when cached, else the last default seen in this browser, else `fallback`. A wrong guess costs one
 * request: the list asks again once the settings are in.
 */
export function likelyPageSize(fallback: number): number {
  const cached = queryClient.getQueryData<UserSettings>(userSettingsKey)?.items_per_page;
  if (cached !== undefined) return cached;
  try {
    const hint = Number(localStorage.getItem(PAGE_SIZE_HINT_KEY));
    return Number.isInteger(hint) && hint > 0 ? hint : fallback;
  } catch {
    return fallback;
  }
}
