import { PROFILE_SORTS, PROFILE_STATUSES, ProfileSchema, type ProfileSort } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import type { ListStateConfig } from '../../../lib/list-state';
import { profileKeys } from './keys';

/** How often a list with a running sync asks again. */
const SYNCING_LIST_POLL_MS = 2000;

/**
 * GET /v1/profiles/ with the list query (plus status, deleted) → {data, links, meta}; a page with a
 * running sync follows it.
 */
export const profiles = listQuery(profileKeys, ProfileSchema, '/v1/profiles/', {
  placeholder: 'latest',
  refetchInterval: (list) =>
    list?.data.some((profile) => profile.status === 'syncing') ? SYNCING_LIST_POLL_MS : false,
});
export const useProfiles = profiles.useList;

/** What the list's URL may hold besides the shared state: its sort columns and its statuses. */
export const profileListConfig: ListStateConfig<ProfileSort> = {
  sorts: PROFILE_SORTS,
  statuses: PROFILE_STATUSES,
};
