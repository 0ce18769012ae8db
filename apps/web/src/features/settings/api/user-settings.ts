import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const UserSettingsSchema = z.object({ items_per_page: z.number().int() });
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Rows per page offered in lists; -1 means all. */
export const ITEMS_PER_PAGE_OPTIONS = [10, 25, 50, 100, -1] as const;

const SettingsResponse = z.object({ data: UserSettingsSchema });

export async function getUserSettings(): Promise<UserSettings> {
  return SettingsResponse.parse((await api.get('/v1/user/settings')).data).data;
}

export async function updateUserSettings(settings: UserSettings): Promise<UserSettings> {
  return SettingsResponse.parse((await api.put('/v1/user/settings', settings)).data).data;
}

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'settings'], queryFn: getUserSettings, staleTime: 5 * 60_000 });

export const useUserSettings = () => useQuery(userSettingsQueryOptions());

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryOptions().queryKey, settings),
  });
}
