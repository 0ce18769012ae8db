import {
  PROFILE_SORTS,
  PROFILE_STATUSES,
  type Profile,
  type ProfileListResponseSchema,
  ProfileSchema,
  type ProfileSort,
} from '@adstudio/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { latestList } from '../../../lib/latest-list';
import type { ListQueryParams } from '../../../lib/list-query';
import type { ListStateConfig } from '../../../lib/list-state';
import { profileKeys } from './keys';

type ProfileListResponse = z.infer<typeof ProfileListResponseSchema>;

/** How often a list with a running sync asks again. */
const SYNCING_LIST_POLL_MS = 2000;

/** GET /v1/profiles/ with the list query (plus status, deleted) → {data, links, meta}. */
export const getProfiles = (query: ListQueryParams): Promise<ProfileListResponse> =>
  getCollection(ProfileSchema, api.get('/v1/profiles/', { params: query }));

export const profilesQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: profileKeys.list(query), queryFn: () => getProfiles(query) });

/** What the list's URL may hold besides the shared state: its sort columns and its statuses. */
export const profileListConfig: ListStateConfig<ProfileSort> = {
  sorts: PROFILE_SORTS,
  statuses: PROFILE_STATUSES,
};

const syncing = (list: ProfileListResponse | undefined) =>
  list?.data.some((profile: Profile) => profile.status === 'syncing') ?? false;

/** While the next page loads, the last one fetched stays on screen; a page with a running sync follows it. */
export function useProfiles(query: ListQueryParams, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...profilesQueryOptions(query),
    enabled,
    placeholderData: (previous) =>
      previous ?? latestList<ProfileListResponse>(queryClient, profileKeys.lists()),
    refetchInterval: (q) => (syncing(q.state.data) ? SYNCING_LIST_POLL_MS : false),
  });
}
