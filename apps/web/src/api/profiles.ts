import {
  PROFILE_SORTS,
  PROFILE_STATUSES,
  type Profile,
  type ProfileCreate,
  ProfileSchema,
  type ProfileSort,
  type ProfileUpdate,
} from '@adstudio/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQueryParams } from '../lib/list-query';
import type { ListStateConfig } from '../lib/list-state';
import { resourceApi } from '../lib/resource-api';
import { resourceKeys } from '../lib/resource-keys';

const keys = resourceKeys('profiles');

/** The profiles' query keys, the one declaration of them; writes invalidate `lists()`. */
export const profileKeys = {
  ...keys,
  syncs: (id: number) => keys.related(id, 'syncs'),
  /** Everything the last sync wrote: its issues and the rules (refreshed when a sync ends). */
  errors: (id: number, filter: ListQueryParams) => [...keys.related(id, 'errors'), filter] as const,
  rules: (id: number, query: ListQueryParams) => [...keys.related(id, 'rules'), query] as const,
  rule: (ruleId: number) => ['profiles', 'rule', ruleId] as const,
};

/** How often a list with a running sync asks again. */
const SYNCING_LIST_POLL_MS = 2000;
/** How often an open profile is read while it syncs (its figures are the sync's progress). */
const SYNC_POLL_MS = 1000;

/**
 * /v1/profiles (feeds): the list (plus status, deleted; a page with a running sync follows it), an
 * item and its history (GET /v1/profiles/{id}/history), create (already `syncing`: the first sync
 * starts at once), PUT (409 when the `updated_at` it was based on is stale; the form shows its
 * failures itself), delete (soft) and restore.
 */
export const profilesApi = resourceApi<Profile, { create: ProfileCreate; update: ProfileUpdate }>(
  '/v1/profiles',
  {
    item: ProfileSchema,
    keys: profileKeys,
    list: {
      placeholder: 'latest',
      refetchInterval: (list) =>
        list?.data.some((profile) => profile.status === 'syncing') ? SYNCING_LIST_POLL_MS : false,
    },
    quiet: ['update'],
    history: 'path',
  },
);

/** What the list's URL may hold besides the shared state: its sort columns and its statuses. */
export const profileListConfig: ListStateConfig<ProfileSort> = {
  sorts: PROFILE_SORTS,
  statuses: PROFILE_STATUSES,
};

/** A sync ended: what it wrote (rules, issues, its history row) is read again. */
function refreshSyncResults(queryClient: QueryClient, id: number) {
  for (const what of ['rules', 'errors', 'syncs', 'history'] as const) {
    void queryClient.invalidateQueries({ queryKey: profileKeys.related(id, what) });
  }
  void queryClient.invalidateQueries({ queryKey: profileKeys.lists() });
}

/** One profile, read every second while it syncs; when a sync ends, its results are read again. */
export function useProfile(id: number, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...profilesApi.itemQueryOptions(id),
    queryFn: async () => {
      const before = queryClient.getQueryData<Profile>(profileKeys.detail(id));
      const profile = await profilesApi.get(id);
      if (before?.status === 'syncing' && profile.status !== 'syncing') refreshSyncResults(queryClient, id);
      return profile;
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'syncing' ? SYNC_POLL_MS : false),
  });
}
