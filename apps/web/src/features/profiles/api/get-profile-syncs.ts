import { type ProfileSync, ProfileSyncSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(ProfileSyncSchema) });

/** GET /v1/profiles/{id}/syncs → the update history, newest first. */
export async function getProfileSyncs(id: number): Promise<ProfileSync[]> {
  return ResponseSchema.parse((await api.get(`/v1/profiles/${id}/syncs`)).data).data;
}

export const profileSyncsQueryOptions = (id: number) =>
  queryOptions({ queryKey: profileKeys.syncs(id), queryFn: () => getProfileSyncs(id), staleTime: 0 });

export const useProfileSyncs = (id: number) => useQuery(profileSyncsQueryOptions(id));
