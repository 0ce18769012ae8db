import { ITEMS_PER_PAGE_CHOICES, type UserSettings, UserSettingsResponseSchema } from '@adstudio/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { UserSettings };
/** The default page sizes a user may pick (lists themselves also offer 'All'). */
export const ITEMS_PER_PAGE_OPTIONS = ITEMS_PER_PAGE_CHOICES;
const SettingsResponse = UserSettingsResponseSchema;

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
