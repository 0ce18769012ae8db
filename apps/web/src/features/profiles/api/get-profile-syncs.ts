import { ProfileSyncSchema } from '@adstudio/contract';
import { profileKeys } from '../../../api/profiles';
import { wholeListQuery } from '../../../lib/list-api';

/** GET /v1/profiles/{id}/syncs → the update history, newest first (asked again on every visit). */
const profileSyncs = (id: number) =>
  wholeListQuery({ list: () => profileKeys.syncs(id) }, ProfileSyncSchema, `/v1/profiles/${id}/syncs`, {
    staleTime: 0,
  });

export const useProfileSyncs = (id: number) => profileSyncs(id).useList();
