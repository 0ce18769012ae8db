import { type UserSettings, UserSettingsResponseSchema, type UserSettingsUpdate } from '@adstudio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userSettingsQueryOptions } from '../../../lib/user-settings';

/** PUT /v1/user/settings with only the e-mail choices: the rest stays as it is. */
export async function updateEmailSettings(
  change: Pick<UserSettingsUpdate, 'email_approvals' | 'email_syncs'>,
): Promise<UserSettings> {
  return UserSettingsResponseSchema.parse((await api.put('/v1/user/settings', change)).data).data;
}

export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryOptions().queryKey, settings),
  });
}
