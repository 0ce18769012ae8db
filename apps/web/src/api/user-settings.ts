import {
  ITEMS_PER_PAGE_CHOICES,
  type UserSettings,
  UserSettingsResponseSchema,
  type UserSettingsUpdate,
} from '@adstudio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { userSettingsQueryOptions } from '../lib/user-settings';

export type { UserSettings };
/** The default page sizes a user may pick (lists themselves also offer 'All'). */
export const ITEMS_PER_PAGE_OPTIONS = ITEMS_PER_PAGE_CHOICES;

/** The signed-in user's settings (lib/user-settings.ts reads them for every list too). */
export const useUserSettings = () => useQuery(userSettingsQueryOptions());

/** PUT /v1/user/settings: saves what changes (what is left out stays as it is) and answers every setting. */
export async function updateUserSettings(settings: UserSettingsUpdate): Promise<UserSettings> {
  return UserSettingsResponseSchema.parse((await api.put('/v1/user/settings', settings)).data).data;
}

/** The answer becomes the cached settings: Settings' page size and My Account's e-mail choices alike. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryOptions().queryKey, settings),
  });
}
