import { type Profile, ProfileSchema } from '@adstudio/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { profileKeys } from './keys';

/** How often an open profile is read while it syncs (its figures are the sync's progress). */
export const SYNC_POLL_MS = 1000;

/** GET /v1/profiles/{id}. */
export const getProfile = (id: number): Promise<Profile> =>
  getData(ProfileSchema, api.get(`/v1/profiles/${id}`));

/** A sync ended: what it wrote (rules, issues, its history row) is read again. */
function refreshSyncResults(queryClient: QueryClient, id: number) {
  for (const what of ['rules', 'errors', 'syncs', 'history'] as const) {
    void queryClient.invalidateQueries({ queryKey: profileKeys.related(id, what) });
  }
  void queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
}

export const profileQueryOptions = (id: number) =>
  queryOptions({ queryKey: profileKeys.detail(id), queryFn: () => getProfile(id) });

/** One profile, read every second while it syncs; when a sync ends, its results are read again. */
export function useProfile(id: number, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...profileQueryOptions(id),
    queryFn: async () => {
      const before = queryClient.getQueryData<Profile>(profileKeys.detail(id));
      const profile = await getProfile(id);
      if (before?.status === 'syncing' && profile.status !== 'syncing') refreshSyncResults(queryClient, id);
      return profile;
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'syncing' ? SYNC_POLL_MS : false),
  });
}
